import { apiJson } from '@web/lib/api-client';

/** Stores a thumbnail image (checked by its content on the server); answers its address. */
export async function uploadThumbnail(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const { url } = await apiJson<{ url: string }>('POST', '/api/upload/image', form);
  return url;
}
