import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUserRating } from '@shared/schemas/interactions';
import { apiJson } from '@web/lib/api-client';
import { userRatingQueryKey } from '@web/lib/query-keys';

export const getUserRating = (id: string) =>
  apiJson<TUserRating>('GET', `/api/projects/${encodeURIComponent(id)}/user-rating`);

export const getUserRatingQueryOptions = (id: string) =>
  queryOptions({ queryKey: userRatingQueryKey(id), queryFn: () => getUserRating(id) });

/** The member's own rating; only asked for by signed-in non-authors. */
export function useUserRating(id: string, enabled: boolean) {
  return useQuery({ ...getUserRatingQueryOptions(id), enabled });
}
