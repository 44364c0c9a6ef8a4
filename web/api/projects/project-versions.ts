import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProjectVersionList, TPublishedVersion } from '@shared/schemas/project-version';
import { apiJson } from '@web/lib/api-client';
import { projectQueryKey } from '@web/lib/query-keys';
import { sendWrite } from '../writes/send-write';

export const projectVersionsQueryKey = (id: number) => [...projectQueryKey(String(id)), 'versions'] as const;

export const projectVersionsQueryOptions = (id: number) =>
  queryOptions({ queryKey: projectVersionsQueryKey(id), queryFn: () => apiJson<TProjectVersionList>('GET', `/api/projects/${id}/versions`) });

export function useProjectVersions(id: number, enabled = true) {
  return useQuery({ ...projectVersionsQueryOptions(id), enabled });
}

/** Publishes the files taken from the linked folder as the project's next version; offline, it waits in the outbox. */
export function publishVersion(projectId: number) {
  return sendWrite<TPublishedVersion>({ kind: 'publish-version', projectId });
}
