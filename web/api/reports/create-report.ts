import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TReport, TReportRequest } from '@shared/schemas/admin';
import { apiJson } from '@web/lib/api-client';

/** POST /api/reports: a member reports a project, a comment or a user. */
export function useCreateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TReportRequest) => apiJson<TReport>('POST', '/api/reports', input),
    onSuccess: () => qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith('/api/admin') }),
  });
}
