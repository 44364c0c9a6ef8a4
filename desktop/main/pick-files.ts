// The native file dialog behind window.desktop.pickFiles: the main process reads the chosen
// files, so the sandboxed renderer never gets file system access or paths.
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { checkPickedFiles, type PickedFile } from '../../shared/desktop/desktop-api';
import type { ValidPickFilesOptions } from './validate';

// What a browser would report as File.type for the files projects are made of.
const MIME_TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  json: 'application/json',
  txt: 'text/plain',
  md: 'text/markdown',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  zip: 'application/zip',
};

export function mimeTypeOf(fileName: string): string {
  return MIME_TYPES[extname(fileName).slice(1).toLowerCase()] ?? '';
}

/** Reads the chosen paths, enforcing the shared limits before and after reading. */
export async function readPickedFiles(paths: readonly string[], options: ValidPickFilesOptions): Promise<PickedFile[]> {
  const stats = await Promise.all(paths.map((path) => stat(path)));
  const notFile = paths.find((_path, i) => !stats[i]?.isFile());
  if (notFile !== undefined) throw new Error(`${basename(notFile)} is not a file.`);
  const problem = checkPickedFiles(
    paths.map((path, i) => ({ name: basename(path), size: stats[i]?.size ?? 0 })),
    options,
  );
  if (problem) throw new Error(problem);

  return Promise.all(
    paths.map(async (path) => {
      const name = basename(path);
      const buffer = await readFile(path);
      // The file may have grown since stat.
      const grown = checkPickedFiles([{ name, size: buffer.byteLength }]);
      if (grown) throw new Error(grown);
      return { name, type: mimeTypeOf(name), data: new Uint8Array(buffer) };
    }),
  );
}

export async function pickFiles(parent: BrowserWindow | null, options: ValidPickFilesOptions): Promise<PickedFile[]> {
  const dialogOptions: OpenDialogOptions = {
    properties: options.multiple ? ['openFile', 'multiSelections'] : ['openFile'],
    filters: options.accept.length > 0 ? [{ name: 'Accepted files', extensions: options.accept }] : [],
  };
  const result = parent ? await dialog.showOpenDialog(parent, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
  if (result.canceled || result.filePaths.length === 0) return [];
  return readPickedFiles(result.filePaths, options);
}
