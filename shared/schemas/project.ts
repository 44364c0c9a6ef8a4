import { z } from '../zod';

/** A project as every read route answers it (spec section 3), plus previewUrl for native hosting. */
export const ZProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  category: z.string(),
  projectUrl: z.string().nullable(),
  tutorialUrl: z.string(),
  timeSpent: z.number().int().nullable(),
  timeUnit: z.string(),
  location: z.string().nullable(),
  cost: z.number().int().nullable(),
  costCurrency: z.string(),
  hostingType: z.enum(['native', 'external']),
  /** Absolute or root-relative address of the hosted index.html of a native project, else null. */
  previewUrl: z.string().nullable(),
  authorId: z.string(),
  authorName: z.string(),
  authorHandle: z.string(),
  authorAvatar: z.string().nullable(),
  authorIsPremium: z.boolean(),
  viewCount: z.number().int(),
  reactionCount: z.number().int(),
  commentCount: z.number().int(),
  saveCount: z.number().int(),
  shareCount: z.number().int(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
  createdAt: z.string(),
  sharedBy: z.string().nullable().optional(),
  sharedByName: z.string().nullable().optional(),
  sharedAt: z.string().nullable().optional(),
});
export type TProject = z.infer<typeof ZProjectSchema>;
