import type { Request } from 'express';
import type { PublicCache } from '../../cache/public-cache';
import type { DbOrTx } from '../../db/client';
import { originOf } from '../../http/site-files';
import { readLinkPreview } from './link-preview';
import { blogListHeadTags, previewHeadTags } from './page-head';
import { sharedPageOf } from './shared-pages';

export type PageHead = { title?: string; tags: string };

/**
 * What the SPA's index.html carries in its head for this page: a shared project, profile or post's
 * link preview (null when it is hidden or gone: the generic head), the blog list's feeds, or nothing.
 */
export function sharedPageHead(deps: { db: DbOrTx; cache: PublicCache; publicUrl: string | undefined }) {
  return async (req: Request): Promise<PageHead | null> => {
    if (req.path === '/blog' || req.path === '/blog/') return { tags: blogListHeadTags(originOf(req, deps.publicUrl)) };
    const page = sharedPageOf(req.path);
    const preview = page && (await readLinkPreview(deps, page));
    return preview ? previewHeadTags(originOf(req, deps.publicUrl), preview) : null;
  };
}
