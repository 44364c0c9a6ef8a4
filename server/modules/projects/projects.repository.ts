import { and, desc, eq, sql } from 'drizzle-orm';
import { authorVisible } from '../../access/visibility-sql';
import type { DbOrTx } from '../../db/client';
import { projectFiles, projects, users } from '../../db/schema';
import { batchedReadOf } from '../../db/batch-per-turn';
import { arrayParam, prepared } from '../../db/prepared';
import { hostedAccessColumns, previewOriginOf, previewOriginParam, selectProjectViews, type ProjectViewRow } from './project-view';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectFileRow = typeof projectFiles.$inferSelect;

/**
 * One project with its card, or undefined. Every project page out of cache reads it: the reads of one
 * turn of the event loop share one prepared statement (a page over the long tail costs a round trip
 * to the database otherwise, more than its row).
 */
export function findProjectView(db: DbOrTx, id: number, previewOrigin: string | undefined): Promise<ProjectViewRow | undefined> {
  const origin = previewOriginOf(previewOrigin);
  return batchedReadOf<number, ProjectViewRow>(db, `project_views ${origin}`, async (ids) => {
    const statement = prepared(db, 'find_project_views', (d, name) =>
      selectProjectViews(d, sql`${sql.placeholder('previewOrigin')}`)
        .where(sql`${projects.id} = ANY(${arrayParam('ids', 'int')})`)
        .prepare(name),
    );
    const rows = await statement.execute({ ids, previewOrigin: origin });
    return new Map(rows.map((row) => [row.id, row]));
  }).read(id);
}

export function findProjectById(db: DbOrTx, id: number): Promise<ProjectRow | undefined> {
  return db.query.projects.findFirst({ where: eq(projects.id, id) });
}

/** Every project, newest first; projects of suspended authors are left out. */
export function listProjectViews(db: DbOrTx, page: { limit: number; offset: number }, previewOrigin: string | undefined): Promise<ProjectViewRow[]> {
  return selectProjectViews(db, previewOriginParam(previewOrigin))
    .where(authorVisible())
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One author's projects, newest first. */
export function listProjectViewsByAuthor(db: DbOrTx, authorId: string, previewOrigin: string | undefined): Promise<ProjectViewRow[]> {
  return selectProjectViews(db, previewOriginParam(previewOrigin))
    .where(eq(projects.authorId, authorId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
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
      ...hostedAccessColumns,
    })
    .from(projectFiles)
    .innerJoin(projects, eq(projects.id, projectFiles.projectId))
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.path, path)))
    .limit(1);
  return row;
}
