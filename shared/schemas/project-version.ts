import { z } from '../zod';

// A native project's published versions: each publish from a linked folder (or the versions API)
// replaces the hosted files; the version before stays reachable until the next publish.

export const VERSION_MESSAGES = {
  ownerOnly: 'Only the author can publish a new version',
} as const;

/** The path segment under /hosted/:id/ that serves the previous version ("!v2"); no stored path has "!". */
export const VERSION_SEGMENT_PREFIX = '!v';
export const versionSegment = (n: number) => `${VERSION_SEGMENT_PREFIX}${n}`;

export const ZProjectVersionSchema = z.object({
  number: z.number().int().min(1),
  createdAt: z.string(),
  fileCount: z.number().int().min(0),
  totalBytes: z.number().int().min(0),
  /** The version the project page serves now. */
  current: z.boolean(),
  /** Where its files are served (its index.html), or null once a later publish removed them. */
  url: z.string().nullable(),
});
export type TProjectVersion = z.infer<typeof ZProjectVersionSchema>;

/** Newest first. */
export const ZProjectVersionListSchema = z.object({ versions: z.array(ZProjectVersionSchema) });
export type TProjectVersionList = z.infer<typeof ZProjectVersionListSchema>;

export const ZPublishedVersionSchema = z.object({ version: ZProjectVersionSchema });
export type TPublishedVersion = z.infer<typeof ZPublishedVersionSchema>;
