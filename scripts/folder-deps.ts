/*
 * Folder-level dependencies: which folder group imports which, and the circles among them. Files import
 * each other without a circle (`npm run check:cycles`), but two folders can still lean on each other
 * through different files; then neither can be read, tested or moved without the other. This finds them.
 */

/**
 * Folders whose subfolders are each one group (server/modules/auth, server/db...). A file directly in
 * such a folder is a group of its own (server/deps.ts): the composition root may import everything.
 * The most specific folder wins, so `server/modules` splits what `server` would hold as one group.
 * Add a web/ layer by listing its folders here.
 */
export const GROUP_ROOTS: readonly string[] = ['server', 'server/modules', 'shared', 'desktop'];

/** The group of a file (a path relative to the repository, with forward slashes). */
export function groupOf(file: string, roots: readonly string[] = GROUP_ROOTS): string {
  const root = [...roots].sort((a, b) => b.length - a.length).find((r) => file.startsWith(`${r}/`));
  if (!root) return file;
  const rest = file.slice(root.length + 1).split('/');
  return rest.length === 1 ? file : `${root}/${rest[0]}`;
}

/** A circle of groups, with the file imports that make each of its edges. */
export type GroupCycle = { groups: string[]; edges: { from: string; to: string; files: string[] }[] };

/** The circles among the groups of a file graph (file -> files it imports): one per strongly connected set. */
export function groupCycles(files: Record<string, string[]>, roots: readonly string[] = GROUP_ROOTS): GroupCycle[] {
  const edges = new Map<string, Map<string, string[]>>();
  for (const [file, deps] of Object.entries(files)) {
    for (const dep of deps) {
      const from = groupOf(file, roots);
      const to = groupOf(dep, roots);
      if (from === to) continue;
      const out = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, out);
      out.set(to, [...(out.get(to) ?? []), `${file} -> ${dep}`]);
    }
  }
  return stronglyConnected(edges)
    .filter((set) => set.length > 1)
    .map((set) => {
      const inSet = new Set(set);
      return {
        groups: [...set].sort(),
        edges: [...set].sort().flatMap((from) =>
          [...(edges.get(from) ?? [])].filter(([to]) => inSet.has(to)).map(([to, files]) => ({ from, to, files })),
        ),
      };
    });
}

/** Tarjan's strongly connected components of a directed graph. */
function stronglyConnected(edges: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const sets: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      sets.push(set);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return sets;
}
