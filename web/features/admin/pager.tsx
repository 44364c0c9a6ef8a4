import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Previous / Next over a server-paged list, with 'x–y of total'. */
export function Pager({ offset, limit, total, onChange, label }: { offset: number; limit: number; total: number; onChange: (offset: number) => void; label: string }) {
  if (total <= limit) return null;
  const last = Math.min(offset + limit, total);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 2 }} component="nav" aria-label={label}>
      <Typography variant="body2" color="textSecondary">{`${offset + 1}–${last} of ${total}`}</Typography>
      <Button size="small" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </Button>
      <Button size="small" disabled={last >= total} onClick={() => onChange(offset + limit)}>
        Next
      </Button>
    </Stack>
  );
}
