import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus, TReport, TReportPage, TReportReview } from '@shared/schemas/admin';
import { apiJson } from '@web/lib/api-client';
import { invalidateAdminData } from './admin-users';

export type AdminReportsFilter = { status: ReportStatus | 'all'; offset: number; limit: number };

export const adminReportsQueryKey = (f: AdminReportsFilter) => ['/api/admin/reports', f] as const;

export function useAdminReports(f: AdminReportsFilter) {
  return useQuery({
    queryKey: adminReportsQueryKey(f),
    queryFn: () =>
      apiJson<TReportPage>('GET', `/api/admin/reports?${new URLSearchParams({ status: f.status, limit: String(f.limit), offset: String(f.offset) }).toString()}`),
    placeholderData: keepPreviousData,
  });
}

export function useReviewReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number } & TReportReview) => apiJson<TReport>('PATCH', `/api/admin/reports/${id}`, { status }),
    onSuccess: () => invalidateAdminData(qc),
  });
}
