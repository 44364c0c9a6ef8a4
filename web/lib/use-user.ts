import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/schemas/auth';
import { getQueryFn } from './api-client';
import { userQueryKey } from './query-keys';

/** The signed-in user, or null for a visitor. Never retried: a 401 is an answer, not a failure. */
export const userQueryOptions = () =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: getQueryFn<TCurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });

export function useUser() {
  const q = useQuery(userQueryOptions());
  return { user: q.data ?? null, isLoading: q.isLoading, isAuthenticated: !!q.data };
}
