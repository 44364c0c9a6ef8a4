import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

export function ProjectPageSkeleton() {
  return (
    <Grid container spacing={4} data-testid="project-page-skeleton" aria-busy="true" aria-label="Loading project">
      <Grid size={{ xs: 12, lg: 8 }}>
        <Stack spacing={2}>
          <Skeleton width={80} height={36} />
          <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} width="70%" />
          <Skeleton width="90%" />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Skeleton variant="circular" width={48} height={48} />
            <Skeleton width={160} />
          </Stack>
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto', borderRadius: 2 }} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Skeleton variant="rectangular" height={320} sx={{ borderRadius: 2 }} />
      </Grid>
    </Grid>
  );
}
