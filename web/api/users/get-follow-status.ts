import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFollowStatus } from '@shared/schemas/user';
import { apiJson } from '@web/lib/api-client';
import { followStatusQueryKey } from '@web/lib/query-keys';

/** GET /api/users/{handle}/follow-status. */
export const getFollowStatus = (handle: string): Promise<TFollowStatus> =>
  apiJson<TFollowStatus>('GET', `/api/users/${encodeURIComponent(handle)}/follow-status`);

export const getFollowStatusQueryOptions = (handle: string) =>
  queryOptions({ queryKey: followStatusQueryKey(handle), queryFn: () => getFollowStatus(handle) });

/** Only for a signed-in user looking at someone else's handle (nobody follows themselves): pass null otherwise. */
export function useFollowStatus(otherHandle: string | null) {
  return useQuery({ ...getFollowStatusQueryOptions(otherHandle ?? ''), enabled: !!otherHandle });
}
