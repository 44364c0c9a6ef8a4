import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { blogPosts } from '../../db/schema';

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type NewBlogPostRow = typeof blogPosts.$inferInsert;

export function listBlogPostRows(db: DbOrTx, page: { limit: number; offset: number }): Promise<BlogPostRow[]> {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id)).limit(page.limit).offset(page.offset);
}

export function findBlogPostBySlug(db: DbOrTx, slug: string): Promise<BlogPostRow | undefined> {
  return db.query.blogPosts.findFirst({ where: eq(blogPosts.slug, slug) });
}

export function findBlogPostById(db: DbOrTx, id: number): Promise<BlogPostRow | undefined> {
  return db.query.blogPosts.findFirst({ where: eq(blogPosts.id, id) });
}

export async function insertBlogPost(db: DbOrTx, values: NewBlogPostRow): Promise<BlogPostRow> {
  const [row] = await db.insert(blogPosts).values(values).returning();
  return row!;
}

export async function updateBlogPostRow(db: DbOrTx, id: number, values: Partial<NewBlogPostRow>): Promise<BlogPostRow | undefined> {
  const [row] = await db
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, id))
    .returning();
  return row;
}

export async function deleteBlogPostRow(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}
