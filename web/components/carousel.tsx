import { Children, isValidElement, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { CAROUSEL_ARROW_TOLERANCE_PX, CAROUSEL_CARD_WIDTH, CAROUSEL_STEP_PX, SKELETONS } from '@shared/constants';
import { ProjectCardSkeleton } from './project-card-skeleton';

/** Whether there is room to scroll each way; the right side ignores the last 10 px, so rounding never leaves a dead arrow. */
function scrollRoom(el: Pick<HTMLElement, 'scrollLeft' | 'clientWidth' | 'scrollWidth'>): { left: boolean; right: boolean } {
  return {
    left: el.scrollLeft > 0,
    right: el.scrollLeft + el.clientWidth < el.scrollWidth - CAROUSEL_ARROW_TOLERANCE_PX,
  };
}

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: 3,
  '&:hover': { bgcolor: 'background.paper' },
} as const;

/**
 * A horizontal row of cards, each 20rem wide. Arrow buttons appear only when there is room to scroll
 * that way and move the row 320 px smoothly; while loading it shows 5 placeholder cards.
 */
export function Carousel({ label, isLoading = false, children }: { label: string; isLoading?: boolean; children?: ReactNode }) {
  const rowRef = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ left: false, right: false });
  const items = isLoading
    ? Array.from({ length: SKELETONS.carousel }, (_, i) => <ProjectCardSkeleton key={`skeleton-${i}`} />)
    : Children.toArray(children);

  const measure = useCallback(() => {
    const el = rowRef.current;
    if (!el) return;
    const next = scrollRoom(el);
    setRoom((prev) => (prev.left === next.left && prev.right === next.right ? prev : next));
  }, []);

  useEffect(() => {
    const el = rowRef.current;
    if (!el) return;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    for (const child of Array.from(el.children)) observer?.observe(child);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [measure, items.length]);

  // Smooth unless the system asks for reduced motion.
  const step = (direction: -1 | 1) =>
    rowRef.current?.scrollBy({
      left: direction * CAROUSEL_STEP_PX,
      behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });

  // Both arrows come before the cards in the tab order: tabbing through the cards scrolls the row to its
  // end (and so removes the right arrow) before a keyboard user could reach an arrow placed after them.
  // An arrow that is pressed from the keyboard and then disappears (the row reached its end) hands the
  // focus to the other arrow instead of dropping it on the page.
  const leftRef = useRef<HTMLButtonElement>(null);
  const rightRef = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef<'left' | 'right' | null>(null);
  useEffect(() => {
    const lost = hadFocus.current;
    if (lost === 'left' && !room.left) rightRef.current?.focus();
    if (lost === 'right' && !room.right) leftRef.current?.focus();
  }, [room]);
  const track = (side: 'left' | 'right') => ({
    onFocus: () => {
      hadFocus.current = side;
    },
    onBlur: () => {
      hadFocus.current = null;
    },
  });

  return (
    <Box
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      aria-busy={isLoading || undefined}
      sx={{ position: 'relative' }}
      // Left and right arrow keys scroll the row from anywhere inside it (a card link or an arrow).
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft' && room.left) step(-1);
        else if (e.key === 'ArrowRight' && room.right) step(1);
        else return;
        e.preventDefault();
      }}
    >
      {room.left && (
        <IconButton ref={leftRef} {...track('left')} aria-label={`Scroll ${label} left`} onClick={() => step(-1)} sx={{ ...arrowSx, left: -12 }}>
          <ChevronLeftIcon />
        </IconButton>
      )}
      {room.right && (
        <IconButton ref={rightRef} {...track('right')} aria-label={`Scroll ${label} right`} onClick={() => step(1)} sx={{ ...arrowSx, right: -12 }}>
          <ChevronRightIcon />
        </IconButton>
      )}
      <Box
        ref={rowRef}
        onScroll={measure}
        data-testid="carousel-row"
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          pb: 1,
          scrollbarWidth: 'thin',
          '& > *': { flex: `0 0 ${CAROUSEL_CARD_WIDTH}`, width: CAROUSEL_CARD_WIDTH, minWidth: 0 },
        }}
      >
        {items.map((item, i) => (
          <Box key={isValidElement(item) && item.key !== null ? item.key : i}>{item}</Box>
        ))}
      </Box>
    </Box>
  );
}
