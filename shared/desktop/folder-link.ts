// A folder on disk linked to a draft or a hosted project: what the main process reports about it and
// how the UI words its changes. Free of node, DOM and electron imports (main, preload types and the
// browser bundle all compile it).
import { MAX_FILE_BYTES, MAX_PROJECT_FILES } from '../constants';

/** A file of the folder that can be hosted: its path inside the folder, size and content hash (sha256 hex). */
export type FolderEntry = { path: string; size: number; hash: string };

/** Why a file of the folder is left out (dot-folders and node_modules are ignored without a word). */
export type SkipReason = 'tooLarge' | 'invalidType' | 'invalidName' | 'tooMany' | 'link';
export type SkippedEntry = { path: string; reason: SkipReason };

export type FolderScan = { files: FolderEntry[]; skipped: SkippedEntry[] };

/** What the UI knows of a linked folder: an opaque id (main keeps the path) and the folder's name. */
export type LinkedFolder = { linkId: string; name: string };

export const FOLDER_LINK_ID = /^[a-f0-9]{32}$/;

export const SKIP_TEXTS: Record<SkipReason, string> = {
  tooLarge: `larger than ${MAX_FILE_BYTES / (1024 * 1024)}MB`,
  invalidType: 'not an allowed file type',
  invalidName: 'not a valid file name',
  tooMany: `more than ${MAX_PROJECT_FILES} files`,
  link: 'links are not followed',
};

/** "big.png skipped: larger than 5MB" */
export const skippedMessage = (s: SkippedEntry) => `${s.path} skipped: ${SKIP_TEXTS[s.reason]}`;

export type FolderDiff = { changed: string[]; added: string[]; removed: string[] };

/** What changed from the files taken last (`before`) to the folder now (`after`); a rename is a removal and an addition. */
export function diffFolder(before: readonly FolderEntry[], after: readonly FolderEntry[]): FolderDiff {
  const old = new Map(before.map((f) => [f.path, f.hash]));
  const now = new Set(after.map((f) => f.path));
  const diff: FolderDiff = { changed: [], added: [], removed: [] };
  for (const f of after) {
    const hash = old.get(f.path);
    if (hash === undefined) diff.added.push(f.path);
    else if (hash !== f.hash) diff.changed.push(f.path);
  }
  for (const f of before) if (!now.has(f.path)) diff.removed.push(f.path);
  return diff;
}

export const changeCount = (d: FolderDiff) => d.changed.length + d.added.length + d.removed.length;

/** "3 files changed on disk: index.html, app.js, +logo.png" (added +, removed −), or null when nothing changed. */
export function describeChanges(d: FolderDiff): string | null {
  const n = changeCount(d);
  if (n === 0) return null;
  const names = [...d.changed, ...d.added.map((p) => `+${p}`), ...d.removed.map((p) => `-${p}`)];
  return `${n} ${n === 1 ? 'file' : 'files'} changed on disk: ${names.join(', ')}`;
}
