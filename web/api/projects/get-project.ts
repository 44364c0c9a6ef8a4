import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProject } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { takeArrivalQuery } from '@web/lib/arrival-source';
import { projectQueryKey } from '@web/lib/query-keys';

/** A project; the read of the page a visit arrived on tells where it came from (a shared link, an embed, a feed, a site). */
export const getProject = (id: string) =>
  apiJson<TProject>('GET', `/api/projects/${encodeURIComponent(id)}${takeArrivalQuery(`/project/${id}`)}`);

export const projectQueryOptions = (id: string) => queryOptions({ queryKey: projectQueryKey(id), queryFn: () => getProject(id) });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
