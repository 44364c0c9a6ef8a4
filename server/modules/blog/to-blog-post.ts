import type { TBlogPost } from '@shared/schemas/admin';
import type { BlogPostRow } from './blog.repository';

export function toBlogPost(r: BlogPostRow): TBlogPost {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    content: r.content,
    thumbnail: r.thumbnail,
    authorName: r.authorName,
    publishedAt: r.publishedAt.toISOString(),
  };
}
