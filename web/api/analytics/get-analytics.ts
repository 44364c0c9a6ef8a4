import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAnalytics, TAnalyticsRange } from '@shared/schemas/analytics';
import { apiJson } from '@web/lib/api-client';

export const analyticsQueryKey = (range: TAnalyticsRange, projectId: number | null) => ['/api/analytics', range, projectId] as const;

export const getAnalytics = (range: TAnalyticsRange, projectId: number | null) =>
  apiJson<TAnalytics>('GET', `/api/analytics?range=${range}${projectId === null ? '' : `&projectId=${projectId}`}`);

export const analyticsQueryOptions = (range: TAnalyticsRange, projectId: number | null) =>
  queryOptions({ queryKey: analyticsQueryKey(range, projectId), queryFn: () => getAnalytics(range, projectId), placeholderData: keepPreviousData });

/** GET /api/analytics: premium creators only (a free member gets 403 'Premium required'). */
export function useAnalytics(range: TAnalyticsRange, projectId: number | null, enabled: boolean) {
  return useQuery({ ...analyticsQueryOptions(range, projectId), enabled });
}
