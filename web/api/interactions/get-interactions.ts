import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInteractions } from '@shared/schemas/interactions';
import { apiJson } from '@web/lib/api-client';
import { interactionsQueryKey } from '@web/lib/query-keys';

export const getInteractions = (id: string) =>
  apiJson<TInteractions>('GET', `/api/projects/${encodeURIComponent(id)}/interactions`);

export const getInteractionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: interactionsQueryKey(id), queryFn: () => getInteractions(id) });

/** isFollowing, hasReacted, hasSaved (and the author's follow counts); only for a signed-in member. */
export function useInteractions(id: string, enabled: boolean) {
  return useQuery({ ...getInteractionsQueryOptions(id), enabled });
}
