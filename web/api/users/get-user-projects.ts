import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { userProjectsQueryKey } from '@web/lib/query-keys';

/** GET /api/users/{handleOrId}/projects: the user's projects, newest first. */
export const getUserProjects = (key: string): Promise<TProject[]> =>
  apiJson<TProject[]>('GET', `/api/users/${encodeURIComponent(key)}/projects`);

export const getUserProjectsQueryOptions = (key: string) =>
  queryOptions({ queryKey: userProjectsQueryKey(key), queryFn: () => getUserProjects(key) });

export function useUserProjects(key: string | undefined) {
  return useQuery({ ...getUserProjectsQueryOptions(key ?? ''), enabled: !!key });
}
