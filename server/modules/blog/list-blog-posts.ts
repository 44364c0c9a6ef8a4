import type { TBlogPost, TPaging } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { listBlogPostRows } from './blog.repository';
import { toBlogPost } from './to-blog-post';

/** GET /api/blog: newest first, one page (?limit=&offset=); open to everyone. */
export async function listBlogPosts(deps: { db: DbOrTx }, page: TPaging): Promise<TBlogPost[]> {
  return (await listBlogPostRows(deps.db, page)).map(toBlogPost);
}
