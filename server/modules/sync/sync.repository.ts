import { and, asc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { authorVisibleOrOwnedBy } from '../../access/visibility-sql';
import type { DbOrTx } from '../../db/client';
import { notifications, projectDrafts, projects, saves, syncTombstones, users } from '../../db/schema';
import { previewOriginParam, projectCardColumn, selectProjectViews } from '../projects/project-view';

/** A pull position: commit order first, then the document id as text. */
export type Cursor = { seq: number; id: string } | null;
export type Page = { cursor: Cursor; horizon: number; limit: number };

/**
 * The oldest transaction still running: every change with a smaller seq has committed, so a pull that
 * stops below it never skips a change that commits later with an older seq.
 */
export async function syncHorizon(db: DbOrTx): Promise<number> {
  const rows = await db.execute<{ h: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as h`);
  const first = (rows as unknown as { rows?: { h: string }[] }).rows?.[0] ?? (rows as unknown as { h: string }[])[0];
  return Number(first!.h);
}

/** (seq, id) > cursor and seq < horizon, for a table whose document id is `idText`. */
function after(seqCol: PgColumn, idText: SQL, page: Page): SQL {
  const below = lt(seqCol, page.horizon);
  if (!page.cursor) return below;
  const { seq, id } = page.cursor;
  return and(below, or(gt(seqCol, seq), and(eq(seqCol, seq), sql`${idText} > ${id}`)))!;
}

export async function pullTombstones(db: DbOrTx, userId: string, collection: string, page: Page) {
  return db
    .select({ id: syncTombstones.docId, seq: syncTombstones.syncSeq })
    .from(syncTombstones)
    .where(
      and(
        eq(syncTombstones.userId, userId),
        eq(syncTombstones.collection, collection),
        after(syncTombstones.syncSeq, sql`${syncTombstones.docId} collate "C"`, page),
      ),
    )
    .orderBy(asc(syncTombstones.syncSeq), asc(sql`${syncTombstones.docId} collate "C"`))
    .limit(page.limit);
}

export function pullNotifications(db: DbOrTx, userId: string, page: Page) {
  const idText = sql`${notifications.id}::text collate "C"`;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after(notifications.syncSeq, idText, page)))
    .orderBy(asc(notifications.syncSeq), asc(idText))
    .limit(page.limit);
}

/** Saved projects changed after the cursor; a suspended author's projects only for admins. */
export function pullSaved(db: DbOrTx, userId: string, page: Page, includeSuspended: boolean, previewOrigin: string | undefined) {
  const idText = sql`${saves.projectId}::text collate "C"`;
  return db
    .select({ id: projects.id, card: projectCardColumn(previewOriginParam(previewOrigin)), savedAt: saves.createdAt, savedSeq: saves.syncSeq })
    .from(saves)
    .innerJoin(projects, eq(projects.id, saves.projectId))
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(
      and(
        eq(saves.userId, userId),
        after(saves.syncSeq, idText, page),
        includeSuspended ? undefined : authorVisibleOrOwnedBy(projects.authorId, userId),
      ),
    )
    .orderBy(asc(saves.syncSeq), asc(idText))
    .limit(page.limit);
}

export function pullOwnProjects(db: DbOrTx, userId: string, page: Page, previewOrigin: string | undefined) {
  const idText = sql`${projects.id}::text collate "C"`;
  return selectProjectViews(db, previewOriginParam(previewOrigin))
    .where(and(eq(projects.authorId, userId), after(projects.syncSeq, idText, page)))
    .orderBy(asc(projects.syncSeq), asc(idText))
    .limit(page.limit);
}

export function pullDrafts(db: DbOrTx, userId: string, page: Page) {
  const idText = sql`${projectDrafts.id}::text collate "C"`;
  return db
    .select()
    .from(projectDrafts)
    .where(and(eq(projectDrafts.userId, userId), after(projectDrafts.syncSeq, idText, page)))
    .orderBy(asc(projectDrafts.syncSeq), asc(idText))
    .limit(page.limit);
}
