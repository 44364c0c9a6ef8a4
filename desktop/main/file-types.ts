// What main tells about a file from disk without Electron: shared by the native pickers and linked folders.
import { extname } from 'node:path';
import { NATIVE_FILE_EXTENSIONS } from '../../shared/constants';
import { NATIVE_FILE_MIME, type NativeFileExtension } from '../../shared/schemas/project';

/** Deepest folder nesting walked (the stored paths allow 8 segments). */
export const WALK_DEPTH_MAX = 8;

/** What a browser would report as File.type; '' when unknown. */
export function mimeTypeOf(fileName: string): string {
  const ext = extname(fileName).slice(1).toLowerCase();
  return (NATIVE_FILE_EXTENSIONS as readonly string[]).includes(ext) ? NATIVE_FILE_MIME[ext as NativeFileExtension].split(';')[0]! : '';
}
