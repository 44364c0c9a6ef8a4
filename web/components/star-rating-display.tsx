import Box from '@mui/material/Box';
import { formatRating } from '@shared/format';

const FONT = { sm: '1.125rem', md: '1.5rem', lg: '1.875rem' } as const;

/**
 * Read-only five stars filled to the value (one decimal): three elements instead of the dozens of
 * MUI's Rating, for the cards of long lists (Explore stays light). Announced as "Rated x out of 5".
 */
export function StarRatingDisplay({ value, size = 'md', label }: { value: number; size?: keyof typeof FONT; label?: string }) {
  const percent = Math.max(0, Math.min(5, value)) * 20;
  return (
    <Box
      component="span"
      role="img"
      aria-label={label ?? `Rated ${formatRating(value)} out of 5`}
      sx={{ position: 'relative', display: 'inline-block', fontSize: FONT[size], lineHeight: 1, letterSpacing: '0.05em', color: 'action.disabled', whiteSpace: 'nowrap' }}
    >
      ★★★★★
      <Box component="span" aria-hidden sx={{ position: 'absolute', inset: 0, width: `${percent}%`, overflow: 'hidden', color: '#faaf00' }}>
        ★★★★★
      </Box>
    </Box>
  );
}
