import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectFiles, projects, projectViews, users } from '../../db/schema';
import { selectProjectViews, type ProjectViewRow } from './project-view';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectFileRow = typeof projectFiles.$inferSelect;

/** One project with its author's card fields, or undefined. */
export async function findProjectView(db: DbOrTx, id: number): Promise<ProjectViewRow | undefined> {
  const [row] = await selectProjectViews(db).where(eq(projects.id, id)).limit(1);
  return row;
}

export function findProjectById(db: DbOrTx, id: number): Promise<ProjectRow | undefined> {
  return db.query.projects.findFirst({ where: eq(projects.id, id) });
}

/** Every project, newest first; projects of suspended authors are left out. */
export function listProjectViews(db: DbOrTx, page: { limit: number; offset: number }): Promise<ProjectViewRow[]> {
  return selectProjectViews(db)
    .where(eq(users.isSuspended, false))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One author's projects, newest first. */
export function listProjectViewsByAuthor(db: DbOrTx, authorId: string): Promise<ProjectViewRow[]> {
  return selectProjectViews(db)
    .where(eq(projects.authorId, authorId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/**
 * Counts a view when this viewer's last counted view of the project is older than the window (or there
 * is none), in one statement and no explicit transaction: the upsert's update only matches an expired
 * row (a repeated view writes nothing), and the increment runs only when the upsert wrote. Concurrent
 * views by one viewer serialise on the view row, so exactly one of them counts.
 * Answers the project's view count after the call, or null when the view was not counted.
 */
export async function countProjectView(
  db: DbOrTx,
  projectId: number,
  viewerKey: string,
  now: Date,
  windowMs: number,
): Promise<number | null> {
  const cutoff = new Date(now.getTime() - windowMs);
  const result = (await db.execute(sql`
    WITH touched AS (
      INSERT INTO ${projectViews} (project_id, viewer_key, last_counted_at)
      VALUES (${projectId}, ${viewerKey}, ${now.toISOString()})
      ON CONFLICT (project_id, viewer_key) DO UPDATE SET last_counted_at = EXCLUDED.last_counted_at
      WHERE ${projectViews}.last_counted_at <= ${cutoff.toISOString()}
      RETURNING 1
    )
    UPDATE ${projects} SET view_count = view_count + 1
    WHERE id = ${projectId} AND EXISTS (SELECT 1 FROM touched)
    RETURNING view_count`)) as unknown as { rows: { view_count: number }[] };
  const row = result.rows[0];
  return row ? Number(row.view_count) : null;
}

export async function insertProject(db: DbOrTx, values: NewProject): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

export async function updateProject(db: DbOrTx, id: number, values: Partial<NewProject>): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(projects.id, id))
    .returning();
  return row;
}

/** Deletes the project; its files, views, comments, reactions, saves, ratings, shares and notifications go by FK cascade. */
export async function deleteProject(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}

export function listProjectFiles(db: DbOrTx, projectId: number): Promise<ProjectFileRow[]> {
  return db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId)).orderBy(projectFiles.path);
}

export async function findProjectFile(db: DbOrTx, projectId: number, path: string): Promise<ProjectFileRow | undefined> {
  const [row] = await db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.path, path)))
    .limit(1);
  return row;
}

/** Locks the project row so that concurrent uploads to one project count its files one after another. */
export async function lockProject(db: DbOrTx, projectId: number): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  return rows.length > 0;
}

/** Inserts or replaces (same path) a file record. */
export async function upsertProjectFile(
  db: DbOrTx,
  values: { projectId: number; path: string; mimeType: string; size: number; storageKey: string },
): Promise<void> {
  await db
    .insert(projectFiles)
    .values(values)
    .onConflictDoUpdate({
      target: [projectFiles.projectId, projectFiles.path],
      set: { mimeType: values.mimeType, size: values.size, storageKey: values.storageKey, createdAt: new Date() },
    });
}

/** A hosted file with what decides whether it may be served: the project's hosting and its author's state. */
export async function findHostedFile(db: DbOrTx, projectId: number, path: string) {
  const [row] = await db
    .select({
      storageKey: projectFiles.storageKey,
      mimeType: projectFiles.mimeType,
      hostingType: projects.hostingType,
      authorId: projects.authorId,
      authorIsSuspended: users.isSuspended,
    })
    .from(projectFiles)
    .innerJoin(projects, eq(projects.id, projectFiles.projectId))
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.path, path)))
    .limit(1);
  return row;
}
