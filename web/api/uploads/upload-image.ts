import { useMutation } from '@tanstack/react-query';
import type { TUploadedImage } from '@shared/schemas/upload';
import { apiJson } from '@web/lib/api-client';

/**
 * POST /api/upload/image (multipart field image) for avatars, banners and thumbnails: the server checks
 * the bytes, strips their metadata and answers the url, the size and the WebP variants.
 */
export const uploadImage = (file: File): Promise<TUploadedImage> => {
  const form = new FormData();
  form.append('image', file);
  return apiJson<TUploadedImage>('POST', '/api/upload/image', form);
};

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
