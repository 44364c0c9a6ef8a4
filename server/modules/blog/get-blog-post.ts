import { ADMIN_MESSAGES, BLOG_SLUG_MAX, BLOG_SLUG_PATTERN, type TBlogPost } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findBlogPostBySlug } from './blog.repository';
import { toBlogPost } from './to-blog-post';

/** GET /api/blog/{slug}: 404 'Blog post not found' when no post has it. */
export async function getBlogPost(deps: { db: DbOrTx }, slug: string): Promise<TBlogPost> {
  const valid = slug.length <= BLOG_SLUG_MAX && BLOG_SLUG_PATTERN.test(slug);
  const row = valid ? await findBlogPostBySlug(deps.db, slug) : undefined;
  if (!row) throw AppError.notFound(ADMIN_MESSAGES.blogPostNotFound);
  return toBlogPost(row);
}
