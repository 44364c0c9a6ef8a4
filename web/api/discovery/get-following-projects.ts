import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { followingProjectsQueryKey } from '@web/lib/query-keys';

export const getFollowingProjects = () => apiJson<TProject[]>('GET', '/api/projects/following');

export const getFollowingProjectsQueryOptions = () =>
  queryOptions({ queryKey: followingProjectsQueryKey, queryFn: getFollowingProjects });

/** The Following carousel; only asked for when signed in: a visitor follows nobody. */
export function useFollowingProjects({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getFollowingProjectsQueryOptions(), enabled });
}
