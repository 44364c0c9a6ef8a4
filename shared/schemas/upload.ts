import { z } from '../zod';

/** What POST /api/upload/image answers: the stored image's address, its size and its WebP variants. */
export const ZUploadedImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type TUploadedImage = z.infer<typeof ZUploadedImageSchema>;
