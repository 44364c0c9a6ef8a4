import { useState } from 'react';
import type { TSearchResults, TSearchSection } from '@shared/schemas/discovery';
import { useSearchMore } from '@web/api/discovery/get-search-results';

/** One section of a search as the page shows it: the first page's items, then those 'Show more' brought. */
export type SearchSectionView<T> = {
  items: T[];
  /** How many the search found in all. */
  count: number;
  /** Whether 'Show more' can bring more. */
  hasMore: boolean;
  loadingMore: boolean;
  /** The last 'Show more' failed (pressing it again tries again). */
  failed: unknown;
  showMore: () => void;
};

/** A section's items in order, each once (a write between pages may move one onto the next page). */
function uniqueById<T extends { id: number }>(items: readonly T[]): T[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && !!seen.add(item.id));
}

/** 'Show more' for one section of the answer to q (`itemsOf` reads that section of a page); what it brought goes when q changes. */
export function useSearchSection<T extends { id: number }>(
  q: string,
  section: TSearchSection,
  first: TSearchResults | undefined,
  itemsOf: (page: TSearchResults) => T[],
): SearchSectionView<T> {
  // Kept with its query: a new search starts at its first page.
  const [wantedFor, setWantedFor] = useState<string | null>(null);
  const wanted = wantedFor === q;
  const more = useSearchMore(q, section, wanted);
  const count = first ? (section === 'projects' ? first.projectCount : first.commentCount) : 0;
  const firstItems = first ? itemsOf(first) : [];
  const items = uniqueById([...firstItems, ...(more.data?.pages ?? []).flatMap(itemsOf)]);
  const hasMore = !wanted ? firstItems.length < count : more.isError || more.isPending || more.hasNextPage;
  return {
    items,
    count,
    hasMore,
    loadingMore: wanted && (more.isPending || more.isFetchingNextPage),
    failed: wanted ? more.error : null,
    showMore: () => {
      if (!wanted) setWantedFor(q);
      else if (more.isError && !more.data) void more.refetch();
      else if (!more.isFetching) void more.fetchNextPage({ cancelRefetch: false });
    },
  };
}
