import { fileTypeFromBuffer } from 'file-type';

export const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The image type of the bytes themselves (magic numbers), whatever the file name or header claims. */
export async function detectImage(data: Uint8Array): Promise<{ mime: string; ext: string } | null> {
  const type = await fileTypeFromBuffer(data);
  if (!type || !IMAGE_TYPES[type.mime]) return null;
  return { mime: type.mime, ext: IMAGE_TYPES[type.mime]! };
}
