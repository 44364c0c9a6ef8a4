// Files from disk for native hosting (the desktop's native dialogs, or files and folders dropped onto
// the dialog), turned into the File objects the form keeps, after the spec's rules passed.
import { checkNativeFiles, type FileProblem } from '@shared/schemas/project';
import type { ProjectDiskFile } from '@web/platform';

/** The most entries a dropped folder is walked for (the rules allow 20 files; more is 'Too many files'). */
const DROP_WALK_MAX = 200;
const DROP_DEPTH_MAX = 8;

/**
 * A File that keeps its place inside a folder the way a browser's folder input reports it
 * ("site/css/app.css"), so the form's pickedPath() stores it as "css/app.css".
 */
export function fileWithRelativePath(file: File, path: string): File {
  const copy = new File([file], file.name, { type: file.type, lastModified: file.lastModified });
  if (path.includes('/')) Object.defineProperty(copy, 'webkitRelativePath', { value: `folder/${path}` });
  return copy;
}

/** Checks files from disk by path and size; the Files to add, or the first problem with the spec's texts. */
export function acceptDiskFiles(files: readonly ProjectDiskFile[]): { files: File[]; problem: null } | { files: null; problem: FileProblem } {
  const problem = checkNativeFiles(files.map((f) => ({ name: f.path, size: f.size })));
  if (problem) return { files: null, problem };
  // Main reads the bytes of every file of a pick that can pass, so `file` is set here.
  return { files: files.flatMap((f) => (f.file ? [fileWithRelativePath(f.file, f.path)] : [])), problem: null };
}

// The entries API of drag and drop (Chromium and Electron): folders are walked like 'Open folder...'.
type Entry = {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  file?: (ok: (f: File) => void, fail: (e: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: Entry[]) => void, fail: (e: unknown) => void) => void };
};

async function readAll(dir: Entry): Promise<Entry[]> {
  const reader = dir.createReader!();
  const all: Entry[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail));
    if (batch.length === 0 || all.length >= DROP_WALK_MAX) return all;
    all.push(...batch);
  }
}

/**
 * The files of a drop with paths relative to a dropped folder ("css/app.css"), or their names for
 * dropped files. Hidden entries (.git, .DS_Store) are skipped, as the desktop's folder walk does.
 */
export async function filesOfDrop(data: DataTransfer): Promise<ProjectDiskFile[]> {
  const entries = Array.from(data.items ?? [])
    .map((item) => (item.kind === 'file' ? (item.webkitGetAsEntry?.() as Entry | null) : null))
    .filter((e): e is Entry => !!e);
  if (entries.length === 0) return Array.from(data.files).map((file) => ({ path: file.name, size: file.size, file }));

  const found: ProjectDiskFile[] = [];
  const visit = async (entry: Entry, prefix: string, depth: number): Promise<void> => {
    if (found.length >= DROP_WALK_MAX || entry.name.startsWith('.')) return;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile && entry.file) {
      const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
      found.push({ path, size: file.size, file });
    } else if (entry.isDirectory && depth < DROP_DEPTH_MAX) {
      const children = (await readAll(entry)).sort((a, b) => a.name.localeCompare(b.name));
      // A dropped folder's own name is not part of the stored paths.
      for (const child of children) await visit(child, depth === 0 ? '' : path, depth + 1);
    }
  };
  for (const entry of entries) await visit(entry, '', 0);
  return found;
}
