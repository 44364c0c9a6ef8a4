import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@web/lib/api-client';
import type { SearchSectionView } from '../hooks/use-search-section';

type ShowMore = Pick<SearchSectionView<unknown>, 'hasMore' | 'loadingMore' | 'failed' | 'showMore'>;

/** A result section headed by its name and its count, with 'Show more' while the search found more than it shows. */
export function ResultSection({ id, title, count, more, children }: { id: string; title: string; count: number; more?: ShowMore; children: ReactNode }) {
  const name = title.toLowerCase();
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={`${id}-results`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Chip label={count} size="small" color="primary" variant="outlined" aria-label={`${count} ${name}`} data-testid={`${id}-count`} />
      </Stack>
      {children}
      {more?.hasMore && (
        <Stack spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
          {!!more.failed && (
            <Typography color="error" role="alert">
              {errorMessage(more.failed, `Could not load more ${name}.`)}
            </Typography>
          )}
          <Button variant="outlined" onClick={more.showMore} loading={more.loadingMore}>
            {`Show more ${name}`}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
