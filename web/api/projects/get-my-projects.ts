import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { myProjectsQueryKey } from '@web/lib/query-keys';

export const getMyProjects = () => apiJson<TProject[]>('GET', '/api/user/projects');

export const myProjectsQueryOptions = () => queryOptions({ queryKey: myProjectsQueryKey, queryFn: getMyProjects });

export function useMyProjects() {
  return useQuery(myProjectsQueryOptions());
}
