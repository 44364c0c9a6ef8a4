import { ADMIN_MESSAGES, type TReport, type TReportReview } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../admin/record-audit';
import type { UserRow } from '../users/users.repository';
import { findReport, setReportStatus } from './reports.repository';
import { toReport } from './to-report';

/** PATCH /api/admin/reports/{id}: sets the status, reviewedBy and reviewedAt, and audits it. */
export async function reviewReport(deps: { db: DbOrTx }, admin: UserRow, id: number, input: TReportReview): Promise<TReport> {
  return deps.db.transaction(async (tx) => {
    const report = await findReport(tx, id);
    if (!report) throw AppError.notFound(ADMIN_MESSAGES.reportNotFound);
    const row = await setReportStatus(tx, id, input.status, admin.id);
    await recordAudit(tx, admin, {
      action: 'report.review',
      targetType: 'report',
      targetId: id,
      targetLabel: `${report.reportType} #${report.targetId}`,
      reason: input.status,
    });
    return toReport(row!);
  });
}
