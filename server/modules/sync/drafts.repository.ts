import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectDrafts, projects } from '../../db/schema';

export type DraftRow = typeof projectDrafts.$inferSelect;

/** The draft with this id, locked for the rest of the transaction; any member's (the caller checks). */
export async function lockDraft(db: DbOrTx, id: string): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(projectDrafts).where(eq(projectDrafts.id, id)).for('update');
  return row;
}

export async function findDraft(db: DbOrTx, id: string): Promise<DraftRow | undefined> {
  const [row] = await db.select().from(projectDrafts).where(eq(projectDrafts.id, id));
  return row;
}

/** Inserts a new draft; undefined when the id is already taken (by anyone). */
export async function insertDraft(db: DbOrTx, values: { id: string; userId: string; data: unknown }): Promise<DraftRow | undefined> {
  const [row] = await db.insert(projectDrafts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function writeDraft(
  db: DbOrTx,
  id: string,
  change: { data?: unknown; deleted?: boolean; publishedProjectId?: number },
): Promise<DraftRow> {
  const [row] = await db
    .update(projectDrafts)
    .set({ ...change, revision: sql`${projectDrafts.revision} + 1`, updatedAt: new Date() })
    .where(eq(projectDrafts.id, id))
    .returning();
  return row!;
}

/** The project already published from this draft, if any (the unique source_draft_id). */
export async function findProjectIdByDraft(db: DbOrTx, draftId: string, authorId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.sourceDraftId, draftId), eq(projects.authorId, authorId)));
  return row?.id;
}
