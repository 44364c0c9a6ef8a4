import { z } from '@shared/zod';
import type { DomainDoc } from '../registry';

export const uploadsDoc: DomainDoc = {
  tag: 'Uploads',
  description: 'Images (PNG, JPEG, GIF, WebP up to 5 MB), served from /uploads/images/.',
  routes: [
    { method: 'post', path: '/api/upload/image', summary: 'Upload an image', access: 'member', multipart: { fields: { image: { description: 'The image', file: true } } }, responses: { 201: { description: 'Its URL', schema: z.object({ url: z.string() }) }, 413: { description: 'Image is larger than 5MB' } } },
  ],
};
