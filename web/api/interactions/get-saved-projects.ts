import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { savedProjectsQueryKey } from '@web/lib/query-keys';

export const getSavedProjects = () => apiJson<TProject[]>('GET', '/api/user/saved-projects');

export const getSavedProjectsQueryOptions = () =>
  queryOptions({ queryKey: savedProjectsQueryKey, queryFn: getSavedProjects });

export function useSavedProjects() {
  return useQuery(getSavedProjectsQueryOptions());
}
