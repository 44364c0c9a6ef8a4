// The native dialog behind window.desktop.pickProjectFiles: the main process reads the chosen files
// (or walks the chosen folder), so the sandboxed renderer never gets file system access or paths.
// The renderer checks the answer with the spec's rules (shared/schemas/project.ts) before any upload;
// main only keeps the work bounded: it walks at most MAX_PROJECT_FILES + 1 files, and reads no bytes
// of a file over the size limit or of a pick that has too many files (their `data` is null).
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { NATIVE_FILE_EXTENSIONS } from '../../shared/constants';
import { mimeTypeOf, WALK_DEPTH_MAX } from './file-types';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES, type DiskFile, type PickProjectFilesOptions } from '../../shared/desktop/desktop-api';

export { mimeTypeOf, WALK_DEPTH_MAX };

type Found = { absolute: string; path: string; size: number };

/**
 * The files under a folder with their paths relative to it ("css/app.css"), sorted, skipping hidden
 * entries (.git, .DS_Store) and symbolic links. Stops after `limit` files.
 */
export async function walkFolder(root: string, limit = MAX_PROJECT_FILES + 1): Promise<Found[]> {
  const found: Found[] = [];
  const visit = async (dir: string, prefix: string, depth: number): Promise<void> => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (found.length >= limit) return;
      if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
      const absolute = join(dir, entry.name);
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (depth + 1 < WALK_DEPTH_MAX) await visit(absolute, path, depth + 1);
      } else if (entry.isFile()) {
        found.push({ absolute, path, size: (await lstat(absolute)).size });
      }
    }
  };
  await visit(root, '', 0);
  return found;
}

/** Reads the bytes of files that can pass the rules; the others answer data null. */
export async function readDiskFiles(files: readonly Found[]): Promise<DiskFile[]> {
  const readable = files.length <= MAX_PROJECT_FILES;
  return Promise.all(
    files.map(async (f): Promise<DiskFile> => {
      const type = mimeTypeOf(f.path);
      if (!readable || f.size > MAX_FILE_BYTES) return { path: f.path, size: f.size, type, data: null };
      const buffer = await readFile(f.absolute);
      // The file may have grown since it was listed.
      if (buffer.byteLength > MAX_FILE_BYTES) return { path: f.path, size: buffer.byteLength, type, data: null };
      return { path: f.path, size: buffer.byteLength, type, data: new Uint8Array(buffer) };
    }),
  );
}

export async function pickProjectFiles(parent: BrowserWindow | null, { kind }: PickProjectFilesOptions): Promise<DiskFile[]> {
  const dialogOptions: OpenDialogOptions =
    kind === 'folder'
      ? { title: 'Open folder', properties: ['openDirectory'] }
      : {
          title: 'Add files',
          properties: ['openFile', 'multiSelections'],
          filters: [
            { name: 'Project files', extensions: [...NATIVE_FILE_EXTENSIONS] },
            { name: 'All files', extensions: ['*'] },
          ],
        };
  const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
  if (result.canceled || result.filePaths.length === 0) return [];
  if (kind === 'folder') return readDiskFiles(await walkFolder(result.filePaths[0]!));
  const chosen = result.filePaths.slice(0, MAX_PROJECT_FILES + 1);
  const found = await Promise.all(
    chosen.map(async (absolute) => {
      const info = await lstat(absolute);
      if (!info.isFile()) throw new Error(`${basename(absolute)} is not a file.`);
      return { absolute, path: basename(absolute), size: info.size };
    }),
  );
  return readDiskFiles(found);
}
