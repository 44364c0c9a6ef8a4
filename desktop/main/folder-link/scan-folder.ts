// What a linked folder holds under the upload rules: the files that can be hosted (with a content hash,
// so an edit that keeps the size still shows) and the ones left out, each with its reason. Symbolic
// links are never followed, so nothing outside the folder is ever read.
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES } from '../../../shared/constants';
import type { DiskFile } from '../../../shared/desktop/desktop-api';
import type { FolderEntry, FolderScan, SkippedEntry } from '../../../shared/desktop/folder-link';
import { NATIVE_INDEX_PATH, nativeFileExtension, nativeFilePath } from '../../../shared/schemas/project';
import { mimeTypeOf, WALK_DEPTH_MAX } from '../file-types';

/** Files listed at most (a wrongly linked home folder must not be walked whole). */
const LIST_MAX = 1000;

/** Folders never taken: dependencies and build caches, not the site. */
const IGNORED_FOLDERS = new Set(['node_modules']);

const isIgnored = (name: string) => name.startsWith('.') || IGNORED_FOLDERS.has(name);

type Candidate = { absolute: string; path: string; size: number };

/** The folder's entries under the rules, in path order; reads no bytes. */
async function listFolder(root: string): Promise<{ candidates: Candidate[]; skipped: SkippedEntry[] }> {
  const candidates: Candidate[] = [];
  const skipped: SkippedEntry[] = [];
  const visit = async (dir: string, prefix: string, depth: number): Promise<void> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (candidates.length >= LIST_MAX) return;
      if (isIgnored(entry.name)) continue;
      const absolute = join(dir, entry.name);
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) skipped.push({ path, reason: 'link' });
      else if (entry.isDirectory()) {
        if (depth + 1 < WALK_DEPTH_MAX) await visit(absolute, path, depth + 1);
      } else if (entry.isFile()) {
        const size = (await lstat(absolute)).size;
        if (!nativeFilePath(path)) skipped.push({ path, reason: 'invalidName' });
        else if (!nativeFileExtension(path)) skipped.push({ path, reason: 'invalidType' });
        else if (size > MAX_FILE_BYTES) skipped.push({ path, reason: 'tooLarge' });
        else candidates.push({ absolute, path, size });
      }
    }
  };
  await visit(root, '', 0);
  // Past the file limit the first files in path order are taken, index.html always among them.
  const index = candidates.findIndex((c) => c.path === NATIVE_INDEX_PATH);
  if (index >= MAX_PROJECT_FILES) candidates.unshift(...candidates.splice(index, 1));
  const over = candidates.splice(MAX_PROJECT_FILES);
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  candidates.sort(byPath);
  skipped.push(...over.map((c) => ({ path: c.path, reason: 'tooMany' as const })));
  return { candidates, skipped: skipped.sort(byPath) };
}

/** Reads a listed file, unless it became a link or grew past the limit since it was listed. */
async function readCandidate(c: Candidate): Promise<Buffer | null> {
  const info = await lstat(c.absolute).catch(() => null);
  if (!info?.isFile() || info.size > MAX_FILE_BYTES) return null;
  const bytes = await readFile(c.absolute).catch(() => null);
  return bytes && bytes.byteLength <= MAX_FILE_BYTES ? bytes : null;
}

export async function scanFolder(root: string): Promise<FolderScan> {
  const { candidates, skipped } = await listFolder(root);
  const files: FolderEntry[] = [];
  for (const c of candidates) {
    const bytes = await readCandidate(c);
    if (bytes) files.push({ path: c.path, size: bytes.byteLength, hash: createHash('sha256').update(bytes).digest('hex') });
  }
  return { files, skipped };
}

/** The bytes of the asked-for files, among those the rules take; anything else asked for is left out. */
export async function readFolderFiles(root: string, paths: readonly string[]): Promise<DiskFile[]> {
  const wanted = new Set(paths);
  const { candidates } = await listFolder(root);
  const out: DiskFile[] = [];
  for (const c of candidates) {
    if (!wanted.has(c.path)) continue;
    const bytes = await readCandidate(c);
    if (bytes) out.push({ path: c.path, size: bytes.byteLength, type: mimeTypeOf(c.path), data: new Uint8Array(bytes) });
  }
  return out;
}
