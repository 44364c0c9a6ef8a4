import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A result section headed by its name and its count. */
export function ResultSection({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={`${id}-results`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Chip label={count} size="small" color="primary" variant="outlined" aria-label={`${count} ${title.toLowerCase()}`} data-testid={`${id}-count`} />
      </Stack>
      {children}
    </Box>
  );
}
