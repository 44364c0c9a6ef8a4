import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** Queries never retry, never refetch on focus, no polling, never stale; mutations never retry: the live socket and the
 * mutations' own invalidations say when data changed, so the server gets no guesswork traffic. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
