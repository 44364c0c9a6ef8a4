import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRecommendedProject } from '@shared/schemas/interactions';
import { apiJson } from '@web/lib/api-client';
import { recommendedQueryKey } from '@web/lib/query-keys';

export const getRecommended = (id: string) =>
  apiJson<TRecommendedProject[]>('GET', `/api/projects/${encodeURIComponent(id)}/recommended`);

export const getRecommendedQueryOptions = (id: string) =>
  queryOptions({ queryKey: recommendedQueryKey(id), queryFn: () => getRecommended(id) });

export function useRecommended(id: string, enabled = true) {
  return useQuery({ ...getRecommendedQueryOptions(id), enabled });
}
