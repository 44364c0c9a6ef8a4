import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';

export const projectQueryKey = (id: string) => ['/api/projects', id] as const;

export const getProject = (id: string) => apiJson<TProject>('GET', `/api/projects/${encodeURIComponent(id)}`);

export const getProjectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectQueryKey(id), queryFn: () => getProject(id) });

export function useProject(id: string) {
  return useQuery(getProjectQueryOptions(id));
}
