import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import { SKELETONS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { ProjectCard } from '@web/components/project-card';
import { ProjectCardSkeleton } from '@web/components/project-card-skeleton';

/** 1 to 4 columns depending on the width (spec section 2). */
const cell = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

/** The "More for you" grid: 8 placeholders while the first page loads, then the cards. */
export function RecommendedGrid({ projects, isLoading, isLoadingMore }: { projects: TProject[]; isLoading: boolean; isLoadingMore: boolean }) {
  return (
    <>
      <Grid container spacing={3} aria-busy={isLoading || undefined} data-testid="recommended-grid">
        {isLoading
          ? Array.from({ length: SKELETONS.recommendedGrid }, (_, i) => (
              <Grid key={i} size={cell}>
                <ProjectCardSkeleton />
              </Grid>
            ))
          : projects.map((project) => (
              <Grid key={project.id} size={cell}>
                <ProjectCard project={project} />
              </Grid>
            ))}
      </Grid>
      {isLoadingMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label="Loading more projects" />
        </Box>
      )}
    </>
  );
}
