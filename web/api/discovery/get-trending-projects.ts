import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { trendingProjectsQueryKey } from '@web/lib/query-keys';

export const getTrendingProjects = () => apiJson<TProject[]>('GET', '/api/projects/trending');

export const getTrendingProjectsQueryOptions = () =>
  queryOptions({ queryKey: trendingProjectsQueryKey, queryFn: getTrendingProjects });

/** The Trending carousel; it loads for everyone, visitors too. */
export function useTrendingProjects() {
  return useQuery(getTrendingProjectsQueryOptions());
}
