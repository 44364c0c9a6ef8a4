import type { TAdminReportsQuery, TReportPage } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { pageReports } from './reports.repository';
import { toReport } from './to-report';

/** GET /api/admin/reports: one page, newest first, optionally of one status, with the total. */
export async function listReports(deps: { db: DbOrTx }, query: TAdminReportsQuery): Promise<TReportPage> {
  const { rows, total } = await pageReports(deps.db, query);
  return { reports: rows.map((r) => toReport(r.report, r.commentProjectId === null ? null : Number(r.commentProjectId))), total };
}
