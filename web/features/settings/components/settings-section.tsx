import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One titled card of the settings screen, reachable by its anchor (/settings#your-data). */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" id={id} aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, md: 3 }, scrollMarginTop: 80 }}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h6" component="h2" id={`${id}-title`}>
            {title}
          </Typography>
          {description && <Typography color="textSecondary">{description}</Typography>}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
