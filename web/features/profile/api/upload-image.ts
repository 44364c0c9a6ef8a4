import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

/** POST /api/upload/image (multipart field image); the server checks the bytes and answers its url. */
export const uploadImage = (file: File): Promise<{ url: string }> => {
  const form = new FormData();
  form.append('image', file);
  return apiJson<{ url: string }>('POST', '/api/upload/image', form);
};

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
