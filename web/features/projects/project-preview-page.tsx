import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isContentUnavailableError } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useProject } from '@web/api/projects/get-project';

/**
 * The sandbox of the hosted page: scripts, forms and popups run, but without allow-same-origin the page
 * has an opaque origin (no cookies, no credentialed /api calls, no access to this page) and without
 * allow-top-navigation it cannot navigate this tab. The server adds the same sandbox as a CSP header.
 */
const PREVIEW_SANDBOX = 'allow-scripts allow-forms allow-popups';

function Message({ title, text, id }: { title: string; text: string; id?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Button component={RouterLink} to={id ? `/project/${id}` : '/'} startIcon={<ArrowBackIcon />}>
        {id ? 'Back to project' : 'Back to Home'}
      </Button>
    </Paper>
  );
}

/** /project-preview/:id: a natively hosted project in a sandboxed frame. */
export function ProjectPreviewPage() {
  const { id = '' } = useParams();
  const { data: project, isLoading, error } = useProject(id);
  const redirectIfLoggedOut = useAuthRedirect();

  useEffect(() => {
    if (error) redirectIfLoggedOut(error);
  }, [error, redirectIfLoggedOut]);

  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading project" />
      </Box>
    );
  }
  if (error) {
    if (isContentUnavailableError(error)) {
      return <Message title="Content Unavailable" text="This project is not available because its author has been suspended." />;
    }
    if (/^404: /.test(error.message)) {
      return <Message title="Project not found" text="The project you're looking for doesn't exist." />;
    }
    return <Message title="Error Loading Project" text="Something went wrong while loading this project. Please try again." />;
  }
  if (!project) return null;

  const back = (
    <Button component={RouterLink} to={`/project/${project.id}`} startIcon={<ArrowBackIcon />}>
      Back to project
    </Button>
  );

  if (project.hostingType !== 'native' || !project.previewUrl) {
    return (
      <Stack spacing={2}>
        <Box>{back}</Box>
        <Alert severity="info">
          {project.title} is hosted elsewhere.{' '}
          {project.projectUrl && (
            <a href={project.projectUrl} target="_blank" rel="noopener noreferrer">
              Open {project.projectUrl}
            </a>
          )}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ height: { xs: 'calc(100vh - 112px)', md: 'calc(100vh - 64px)' } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {back}
          <Typography variant="h5" component="h1" noWrap sx={{ fontWeight: 700 }}>
            {project.title}
          </Typography>
        </Stack>
        <Button href={project.previewUrl} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
          Open in new tab
        </Button>
      </Stack>
      <Box
        component="iframe"
        src={project.previewUrl}
        title={`${project.title} preview`}
        sandbox={PREVIEW_SANDBOX}
        referrerPolicy="no-referrer"
        data-testid="project-preview-frame"
        sx={{ flex: 1, width: '100%', minHeight: 400, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
      />
    </Stack>
  );
}
