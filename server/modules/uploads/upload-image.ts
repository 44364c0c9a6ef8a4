import { randomBytes } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@shared/constants';
import type { TUploadedImage } from '@shared/schemas/upload';
import { AppError } from '../../errors';
import { processImage } from '../../storage/image-pipeline';
import type { FileStorage } from '../../storage/file-storage';

export const UPLOAD_URL_PREFIX = '/uploads/';

/** Where the WebP variant of a stored image lives: images/<name>-<width>.webp beside it. */
export function variantKeyOf(key: string, width: number): string {
  return key.replace(/\.[a-z]+$/, `-${width}.webp`);
}

/**
 * Stores an image under a generated name after decoding it: re-encoded without EXIF/GPS metadata,
 * bounded in size, with WebP variants the web asks for with ?w=. Answers its public URL and size.
 */
export async function uploadImage(storage: FileStorage, file: { buffer: Buffer; size: number } | undefined): Promise<TUploadedImage> {
  if (!file) throw AppError.validation('Please choose an image file to upload');
  if (file.size > MAX_IMAGE_BYTES) throw AppError.tooLarge('Image is larger than 5MB');
  const image = await processImage(file.buffer);
  if (!image) throw AppError.validation('Only PNG, JPEG, GIF and WebP images can be uploaded');
  const key = `images/${randomBytes(16).toString('hex')}.${image.ext}`;
  await Promise.all(image.variants.map((v) => storage.put(variantKeyOf(key, v.width), v.data)));
  await storage.put(key, image.data);
  const url = `${UPLOAD_URL_PREFIX}${key}`;
  return {
    url,
    width: image.width,
    height: image.height,
    variants: image.variants.map((v) => ({ width: v.width, url: `${url}?w=${v.width}` })),
  };
}
