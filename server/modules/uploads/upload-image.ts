import { randomBytes } from 'node:crypto';
import { MAX_IMAGE_BYTES } from '@shared/constants';
import { AppError } from '../../errors';
import { detectImage } from '../../storage/detect-image';
import type { FileStorage } from '../../storage/file-storage';

export const UPLOAD_URL_PREFIX = '/uploads/';

/** Stores an image under a generated name after checking its bytes; answers its public URL. */
export async function uploadImage(storage: FileStorage, file: { buffer: Buffer; size: number } | undefined) {
  if (!file) throw AppError.validation('Please choose an image file to upload');
  if (file.size > MAX_IMAGE_BYTES) throw AppError.tooLarge('Image is larger than 5MB');
  const type = await detectImage(file.buffer);
  if (!type) throw AppError.validation('Only PNG, JPEG, GIF and WebP images can be uploaded');
  const key = `images/${randomBytes(16).toString('hex')}.${type.ext}`;
  await storage.put(key, file.buffer);
  return { url: `${UPLOAD_URL_PREFIX}${key}` };
}
