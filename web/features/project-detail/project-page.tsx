import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LaunchIcon from '@mui/icons-material/Launch';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { formatCost, isHttpUrl } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import { ApiError, isContentUnavailableError, isUnauthorizedError } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useUser } from '@web/lib/use-user';
import { useInteractions } from '@web/api/interactions/get-interactions';
import { useProject } from '@web/api/projects/get-project';
import { AuthorBlock } from './components/author-block';
import { CommentsSection } from './components/comments-section';
import { ProjectActions } from './components/project-actions';
import { ProjectVersions } from './components/project-versions';
import { ProjectPageSkeleton } from './components/project-page-skeleton';
import { AverageRating, RateProjectInput } from './components/project-rating';
import { ProjectStateScreen } from './components/project-state-screen';
import { ProjectStats } from './components/project-stats';
import { RecommendedSidebar } from './components/recommended-sidebar';
import { ProjectThumbnail } from '@web/components/image-fallback';

function BackButton() {
  const navigate = useNavigate();
  const back = () => {
    // react-router numbers its history entries; at the first one there is nothing to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <Button startIcon={<ArrowBackIcon />} onClick={back} sx={{ alignSelf: 'flex-start' }}>
      Back
    </Button>
  );
}

function ViewProjectButton({ project }: { project: TProject }) {
  if (project.hostingType === 'native') {
    return (
      <Button variant="contained" startIcon={<LaunchIcon />} component={RouterLink} to={`/project-preview/${project.id}`}>
        View Project
      </Button>
    );
  }
  if (!isHttpUrl(project.projectUrl)) return null;
  return (
    <Button variant="contained" startIcon={<LaunchIcon />} href={project.projectUrl!} target="_blank" rel="noopener noreferrer">
      View Project
    </Button>
  );
}

function ProjectDetail({ project }: { project: TProject }) {
  const { user } = useUser();
  const id = String(project.id);
  const isAuthor = user?.id === project.authorId;
  const interactions = useInteractions(id, !!user);
  const cost = formatCost(project.cost);

  return (
    <Grid container spacing={4}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Stack spacing={3} component="article" aria-labelledby="project-title">
          <BackButton />
          <Box>
            <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
              <Chip size="small" label={project.category} />
              {cost && <Chip size="small" variant="outlined" color={cost === 'Free' ? 'success' : 'default'} label={cost} />}
              {project.location && <Chip size="small" variant="outlined" label={project.location} />}
            </Stack>
            <Typography id="project-title" variant="h4" component="h1" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
              {project.title}
            </Typography>
            <Typography color="textSecondary" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="project-description">
              {project.description}
            </Typography>
          </Box>

          <AuthorBlock project={project} interactions={interactions.data} isAuthor={isAuthor} />

          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {isHttpUrl(project.tutorialUrl) && (
              <Button variant="outlined" startIcon={<PlayCircleOutlineIcon />} href={project.tutorialUrl} target="_blank" rel="noopener noreferrer">
                Watch Tutorial
              </Button>
            )}
            <ViewProjectButton project={project} />
          </Stack>

          <ProjectStats project={project} />
          <AverageRating project={project} />
          {user && !isAuthor && <RateProjectInput projectId={id} />}

          <Paper variant="outlined" sx={{ overflow: 'hidden', borderRadius: 2 }}>
            <ProjectThumbnail src={project.thumbnail} title={project.title} category={project.category} alt={`${project.title} thumbnail`} loading="eager" initialSize="6rem" />
          </Paper>

          {user && <ProjectActions project={project} interactions={interactions.data} />}

          <ProjectVersions project={project} isAuthor={isAuthor} />

          <CommentsSection projectId={id} commentCount={project.commentCount} />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <RecommendedSidebar projectId={id} />
      </Grid>
    </Grid>
  );
}

/** /project/{id}: the project with its interactions, or one of the page-wide error screens. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const authRedirect = useAuthRedirect();
  const error = project.error;

  useEffect(() => {
    if (error) authRedirect(error);
  }, [error, authRedirect]);

  if (project.isLoading) return <ProjectPageSkeleton />;
  if (error) {
    if (isUnauthorizedError(error)) return <ProjectPageSkeleton />;
    if (isContentUnavailableError(error)) {
      return (
        <ProjectStateScreen
          icon={<BlockIcon />}
          title="Content Unavailable"
          text="This project is from a suspended user and is no longer accessible."
          action={<Button component={RouterLink} to="/" variant="outlined">Back to Home</Button>}
        />
      );
    }
    if (error instanceof ApiError && error.status === 404) {
      return (
        <ProjectStateScreen
          icon={<SearchOffIcon />}
          title="Project not found"
          text="The project you're looking for doesn't exist or has been removed."
          action={<Button component={RouterLink} to="/" variant="outlined">Browse More Projects</Button>}
        />
      );
    }
    return (
      <ProjectStateScreen
        icon={<ErrorOutlineIcon />}
        title="Error Loading Project"
        text="Something went wrong while loading this project."
        action={<Button variant="contained" onClick={() => window.location.reload()}>Try Again</Button>}
      />
    );
  }
  if (!project.data) return <ProjectPageSkeleton />;
  // A new id starts with a fresh comment box and fresh local state.
  return <ProjectDetail key={project.data.id} project={project.data} />;
}
