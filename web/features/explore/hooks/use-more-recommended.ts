import { useCallback, useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_TRIGGER_PX, INITIAL_OFFSET, PAGE_SIZE } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { getRecommendedPage } from '../api/get-recommended-projects';

/** Within 1000 px of the bottom of the page (spec section 9). */
export function nearPageBottom(): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - INFINITE_SCROLL_TRIGGER_PX;
}

type Pager = { offset: number; hasMore: boolean; loading: boolean; generation: number };

/**
 * Infinite scroll of "More for you" (spec section 4): the offset starts at 8 and grows by 8 per page;
 * an empty page turns has-more off for good; a failed page is only logged. A page also loads while the
 * page is too short to scroll. `firstPage` changing (a refetch) starts over.
 *
 * The pager lives in a ref, updated before the loading flag drops, so a scroll event that arrives
 * before React re-renders can never ask for the same offset twice.
 */
export function useMoreRecommended(firstPage: TProject[] | undefined) {
  const pager = useRef<Pager>({ offset: INITIAL_OFFSET, hasMore: true, loading: false, generation: 0 });
  const [extra, setExtra] = useState<TProject[]>([]);
  const [isLoadingMore, setLoadingMore] = useState(false);
  const [hasMore, setHasMore] = useState(true);

  useEffect(() => {
    pager.current = { offset: INITIAL_OFFSET, hasMore: true, loading: false, generation: pager.current.generation + 1 };
    setExtra([]);
    setHasMore(true);
    setLoadingMore(false);
  }, [firstPage]);

  const loadMore = useCallback(async () => {
    const p = pager.current;
    if (!firstPage || p.loading || !p.hasMore) return;
    p.loading = true;
    setLoadingMore(true);
    const { generation, offset } = p;
    try {
      const page = await getRecommendedPage(offset, PAGE_SIZE);
      if (generation !== pager.current.generation) return;
      if (page.length === 0) {
        p.hasMore = false;
        setHasMore(false);
      } else {
        p.offset = offset + PAGE_SIZE;
        setExtra((shown) => {
          const seen = new Set([...firstPage, ...shown].map((x) => x.id));
          return [...shown, ...page.filter((x) => !seen.has(x.id))];
        });
      }
    } catch (err) {
      console.error('Failed to load more recommended projects', err);
    } finally {
      if (generation === pager.current.generation) {
        p.loading = false;
        setLoadingMore(false);
      }
    }
  }, [firstPage]);

  useEffect(() => {
    const check = () => {
      if (nearPageBottom()) void loadMore();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    // At the start and after each page the page may still be too short to scroll: keep filling it.
    const raf = window.requestAnimationFrame(check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      window.cancelAnimationFrame(raf);
    };
  }, [loadMore, extra.length]);

  return { extra, hasMore, isLoadingMore };
}
