import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TComment } from '@shared/schemas/interactions';
import { apiJson } from '@web/lib/api-client';
import { commentsQueryKey } from '@web/lib/query-keys';

export const getComments = (id: string) => apiJson<TComment[]>('GET', `/api/projects/${encodeURIComponent(id)}/comments`);

export const getCommentsQueryOptions = (id: string) =>
  queryOptions({ queryKey: commentsQueryKey(id), queryFn: () => getComments(id) });

export function useComments(id: string, enabled = true) {
  return useQuery({ ...getCommentsQueryOptions(id), enabled });
}
