import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { projectQueryKey } from '@web/lib/query-keys';

export const getProject = (id: string) => apiJson<TProject>('GET', `/api/projects/${encodeURIComponent(id)}`);

export const projectQueryOptions = (id: string) => queryOptions({ queryKey: projectQueryKey(id), queryFn: () => getProject(id) });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
