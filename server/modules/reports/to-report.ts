import type { ReportStatus, TReport } from '@shared/schemas/admin';
import type { ReportRow } from './reports.repository';

function targetUrl(r: ReportRow, commentProjectId: number | null): string | null {
  if (r.reportType === 'project') return `/project/${r.targetId}`;
  if (r.reportType === 'user') return `/profile/admin-view/${r.targetId}`;
  if (r.reportType === 'comment' && commentProjectId) return `/project/${commentProjectId}`;
  return null;
}

export function toReport(r: ReportRow, commentProjectId: number | null = null): TReport {
  return {
    id: r.id,
    reportType: r.reportType,
    targetId: r.targetId,
    targetUrl: targetUrl(r, commentProjectId),
    reason: r.reason,
    description: r.description,
    status: r.status as ReportStatus,
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}
