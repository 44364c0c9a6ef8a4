import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSearchResults } from '@shared/schemas/discovery';
import { apiJson } from '@web/lib/api-client';
import { searchQueryKey } from '@web/lib/query-keys';

export const getSearchResults = (q: string) => apiJson<TSearchResults>('GET', `/api/search?q=${encodeURIComponent(q)}`);

export const getSearchResultsQueryOptions = (q: string) =>
  queryOptions({ queryKey: searchQueryKey(q), queryFn: () => getSearchResults(q) });

/** Projects and comments matching q; nothing is asked for a blank q. */
export function useSearchResults(q: string) {
  return useQuery({ ...getSearchResultsQueryOptions(q), enabled: q.length > 0 });
}
