import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProjectFile } from '@shared/schemas/project';
import { apiJson } from '@web/lib/api-client';
import { projectFilesQueryKey } from '@web/lib/query-keys';

export const getProjectFiles = (id: number) => apiJson<TProjectFile[]>('GET', `/api/projects/${id}/files`);

export const projectFilesQueryOptions = (id: number) =>
  queryOptions({ queryKey: projectFilesQueryKey(id), queryFn: () => getProjectFiles(id) });

/** The stored files of a native project (its author or an admin). */
export function useProjectFiles(id: number | null) {
  return useQuery({ ...projectFilesQueryOptions(id ?? 0), enabled: id !== null });
}
