import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUserSuspendedSchema, type TUserProfile, type TUserSuspended } from '@shared/schemas/user';
import { ApiError, apiJson } from '@web/lib/api-client';
import { profileQueryKey } from '@web/lib/query-keys';

/** GET /api/users/{handleOrId}: the route's handle, else the signed-in user's id. */
export const getProfile = (key: string): Promise<TUserProfile> => apiJson<TUserProfile>('GET', `/api/users/${encodeURIComponent(key)}`);

export const getProfileQueryOptions = (key: string) =>
  queryOptions({ queryKey: profileQueryKey(key), queryFn: () => getProfile(key) });

export function useProfile(key: string | undefined) {
  return useQuery({ ...getProfileQueryOptions(key ?? ''), enabled: !!key });
}

/** The 'User Suspended' details of a 403 answer, or null for any other error. */
export function suspendedDetails(error: unknown): TUserSuspended | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  try {
    const parsed = ZUserSuspendedSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
