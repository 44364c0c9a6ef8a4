import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';

export const savedProjectsQueryKey = ['/api/user/saved-projects'] as const;

export const getSavedProjects = () => apiJson<TProject[]>('GET', '/api/user/saved-projects');

export const getSavedProjectsQueryOptions = () =>
  queryOptions({ queryKey: savedProjectsQueryKey, queryFn: getSavedProjects });

export function useSavedProjects() {
  return useQuery(getSavedProjectsQueryOptions());
}
