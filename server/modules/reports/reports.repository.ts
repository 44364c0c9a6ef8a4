import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ReportStatus } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { comments, projects, reports } from '../../db/schema';

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;

/** Inserts a pending report; null when this reporter already has one pending for the target. */
export async function insertPendingReport(db: DbOrTx, values: NewReportRow): Promise<ReportRow | null> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function projectExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  return rows.length > 0;
}

export async function commentExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: comments.id }).from(comments).where(eq(comments.id, id)).limit(1);
  return rows.length > 0;
}

/** One page of reports, newest first, with where a comment report's View link goes. */
export async function pageReports(db: DbOrTx, page: { status: ReportStatus | 'all'; limit: number; offset: number }) {
  const where = page.status === 'all' ? undefined : eq(reports.status, page.status);
  const rows = await db
    .select({
      report: reports,
      commentProjectId: sql<number | null>`(SELECT c.project_id FROM comments c WHERE ${reports.reportType} = 'comment' AND c.id::text = ${reports.targetId})`,
    })
    .from(reports)
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(reports).where(where);
  return { rows, total: total!.n };
}

export function findReport(db: DbOrTx, id: number) {
  return db.query.reports.findFirst({ where: eq(reports.id, id) });
}

export async function setReportStatus(db: DbOrTx, id: number, status: ReportStatus, reviewerId: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ status, reviewedBy: reviewerId, reviewedAt: new Date() })
    .where(and(eq(reports.id, id)))
    .returning();
  return row;
}
