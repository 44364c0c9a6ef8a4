import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_TRIGGER_PX } from '@shared/constants';

/** Within 1000 px of the bottom of the page: the next page loads before the member reaches the end. */
function nearPageBottom(): boolean {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - INFINITE_SCROLL_TRIGGER_PX;
}

/**
 * Calls loadMore whenever the page is scrolled or resized within 1000 px of its bottom, and after each
 * render while the page is still too short to scroll (it keeps filling). `loadMore` must ignore calls
 * while a page is loading or when there is no more (useInfiniteQuery's fetchNextPage with
 * cancelRefetch: false does).
 */
export function useInfiniteScroll(loadMore: () => void, active: boolean, renderedCount: number) {
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });

  useEffect(() => {
    if (!active) return;
    const check = () => {
      if (nearPageBottom()) latest.current();
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    const raf = window.requestAnimationFrame(check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      window.cancelAnimationFrame(raf);
    };
  }, [active, renderedCount]);
}
