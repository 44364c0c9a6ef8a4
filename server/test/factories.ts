import type { DbOrTx } from '../db/client';
import { projects } from '../db/schema';

export type ProjectValues = Partial<typeof projects.$inferInsert>;

/** A project row inserted directly (tests that set up data without going through the routes). */
export async function insertProject(db: DbOrTx, authorId: string, values: ProjectValues = {}) {
  const [row] = await db
    .insert(projects)
    .values({
      authorId,
      title: 'Test Project',
      description: 'A project made by a test',
      thumbnail: 'https://example.com/thumbnail.png',
      category: 'Web Development',
      tutorialUrl: 'https://example.com/tutorial',
      ...values,
    })
    .returning();
  return row!;
}
