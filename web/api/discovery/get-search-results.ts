import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE, type TSearchResults, type TSearchSection } from '@shared/schemas/discovery';
import { apiJson } from '@web/lib/api-client';
import { searchMoreQueryKey, searchQueryKey } from '@web/lib/query-keys';

/** The first page of both sections, with their counts. */
export const getSearchResults = (q: string) => apiJson<TSearchResults>('GET', `/api/search?q=${encodeURIComponent(q)}`);

/** One section's page from `offset` (the other section's list comes empty). */
export const getSearchSectionPage = (q: string, section: TSearchSection, offset: number) =>
  apiJson<TSearchResults>('GET', `/api/search?q=${encodeURIComponent(q)}&only=${section}&offset=${offset}`);

export const getSearchResultsQueryOptions = (q: string) =>
  queryOptions({ queryKey: searchQueryKey(q), queryFn: () => getSearchResults(q) });

/** Projects and comments matching q; nothing is asked for a blank q. */
export function useSearchResults(q: string) {
  return useQuery({ ...getSearchResultsQueryOptions(q), enabled: q.length > 0 });
}

/** The pages after the first of one section: offsets 20, 40, ... while the section's count says more exist. */
export const getSearchMoreQueryOptions = (q: string, section: TSearchSection) =>
  infiniteQueryOptions({
    queryKey: searchMoreQueryKey(q, section),
    queryFn: ({ pageParam }) => getSearchSectionPage(q, section, pageParam),
    initialPageParam: SEARCH_PAGE_SIZE,
    getNextPageParam: (last: TSearchResults, _all, offset: number) => {
      const shown = offset + SEARCH_PAGE_SIZE;
      const count = section === 'projects' ? last.projectCount : last.commentCount;
      return last[section].length > 0 && shown < count ? shown : undefined;
    },
  });

/** Asked for only once the member wants more than the first page (`enabled`). */
export function useSearchMore(q: string, section: TSearchSection, enabled: boolean) {
  return useInfiniteQuery({ ...getSearchMoreQueryOptions(q, section), enabled: enabled && q.length > 0 });
}
