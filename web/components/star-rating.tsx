import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatRating } from '@shared/format';

const SIZES = { sm: 'small', md: 'medium', lg: 'large' } as const;

type StarRatingProps = {
  value: number;
  size?: keyof typeof SIZES;
  readOnly?: boolean;
  showValue?: boolean;
  onChange?: (value: number) => void;
  label?: string;
};

/** Five stars: sizes sm/md/lg, read-only or an input; the value with one decimal or a dash. */
export function StarRating({ value, size = 'md', readOnly = false, showValue = false, onChange, label }: StarRatingProps) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Rating
        value={value}
        max={5}
        precision={readOnly ? 0.1 : 1}
        size={SIZES[size]}
        readOnly={readOnly}
        aria-label={label ?? (readOnly ? `Rated ${formatRating(value)} out of 5` : 'Rating')}
        onChange={(_e, v) => {
          if (v !== null) onChange?.(v);
        }}
      />
      {showValue && (
        <Typography variant={size === 'lg' ? 'body1' : 'body2'} sx={{ fontWeight: 600 }} data-testid="rating-value">
          {formatRating(value)}
        </Typography>
      )}
    </Stack>
  );
}
