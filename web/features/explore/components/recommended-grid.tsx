import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { SKELETONS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { ProjectGrid } from '@web/components/project-grid';

/** The "More for you" grid: 8 placeholders while the first page loads, then the cards. */
export function RecommendedGrid({ projects, isLoading, isLoadingMore }: { projects: TProject[]; isLoading: boolean; isLoadingMore: boolean }) {
  return (
    <>
      <ProjectGrid projects={projects} loading={isLoading ? SKELETONS.recommendedGrid : 0} testId="recommended-grid" />
      {isLoadingMore && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label="Loading more projects" />
        </Box>
      )}
    </>
  );
}
