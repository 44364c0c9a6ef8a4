import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One section of Explore: a heading, its subtitle and its content. */
export function ExploreSection({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={`${id}-section`}>
      <Typography id={`${id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {subtitle}
      </Typography>
      {children}
    </Box>
  );
}
