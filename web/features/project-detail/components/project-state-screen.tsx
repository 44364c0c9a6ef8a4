import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The page-wide screens: 'Content Unavailable', 'Error Loading Project', 'Project not found'. */
export function ProjectStateScreen({ icon, title, text, action }: { icon: ReactNode; title: string; text?: string; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, maxWidth: 560, mx: 'auto', mt: { md: 6 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Stack sx={{ color: 'text.secondary', '& svg': { fontSize: 48 } }} aria-hidden>
          {icon}
        </Stack>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {text && <Typography color="textSecondary">{text}</Typography>}
        {action}
      </Stack>
    </Paper>
  );
}
