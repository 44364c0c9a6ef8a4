import { fileTypeFromBuffer } from 'file-type';
import { NATIVE_FILE_MIME, type NativeFileExtension } from '@shared/schemas/project';

/** Text formats are checked as text; every other allowed extension by its magic bytes. */
const TEXT_EXTENSIONS = new Set<NativeFileExtension>(['html', 'css', 'js', 'json', 'svg']);
const BINARY_MIME = (ext: NativeFileExtension) => (TEXT_EXTENSIONS.has(ext) ? undefined : NATIVE_FILE_MIME[ext]);

const decoder = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text without NUL or other control bytes than tab, line feed, form feed, carriage return and escape. */
export function isText(data: Uint8Array): boolean {
  for (const b of data) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) return false;
    if (b === 0x7f) return false;
  }
  try {
    decoder.decode(data);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a native project's file is what its extension says: images and fonts by their magic bytes,
 * html/css/js/json/svg by being text (an SVG must also contain an <svg element).
 */
export async function matchesExtension(ext: NativeFileExtension, data: Uint8Array): Promise<boolean> {
  const binary = BINARY_MIME(ext);
  if (binary) return (await fileTypeFromBuffer(data))?.mime === binary;
  if (!isText(data)) return false;
  if (ext === 'svg') return /<svg[\s>]/i.test(new TextDecoder().decode(data.subarray(0, 64 * 1024)));
  return true;
}
