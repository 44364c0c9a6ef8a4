import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import { Link as RouterLink } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { ProjectGrid } from '@web/components/project-grid';
import { QueryState } from '@web/components/query-state';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useSavedProjects } from '@web/api/interactions/get-saved-projects';

/** Four columns only on the widest screens: the saved grid sits beside the sidebar. */
const cell = { xs: 12, sm: 6, md: 4, xl: 3 } as const;

/** /saved: 'Saved Projects' as a grid of cards, 8 skeletons while loading, and an empty state. */
export function SavedPage() {
  const saved = useSavedProjects();
  const authRedirect = useAuthRedirect();

  useEffect(() => {
    if (saved.error) authRedirect(saved.error);
  }, [saved.error, authRedirect]);

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Saved Projects
      </Typography>
      <QueryState
        query={saved}
        errorText="Failed to load saved projects"
        loading={
<ProjectGrid loading={SKELETONS.saved} cell={cell} label="Loading saved projects" />
        }
        empty={
        <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, textAlign: 'center' }} data-testid="saved-empty">
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <BookmarkBorderIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
            <Typography variant="h6" component="h2">
              No saved projects yet
            </Typography>
            <Typography color="textSecondary">Save projects you like to find them here later.</Typography>
            <Button component={RouterLink} to="/" variant="contained">
              Explore Projects
            </Button>
          </Stack>
        </Paper>
        }
      >
        {(projects) => <ProjectGrid projects={projects} cell={cell} />}
      </QueryState>
    </Stack>
  );
}
