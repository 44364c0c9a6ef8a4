import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import FolderIcon from '@mui/icons-material/FolderOpen';
import LaunchIcon from '@mui/icons-material/Launch';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { ProjectCard } from '@web/components/project-card';
import { ProjectCardSkeleton } from '@web/components/project-card-skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/lib/use-auth-redirect';
import { useMyProjects } from './api/get-my-projects';
import { DeleteProjectButton } from './components/delete-project-button';
import { ProjectFormDialog } from './components/project-form-dialog';

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } };

/** Live: the hosted preview for native projects, the external address in a new tab otherwise. */
function LiveButton({ project }: { project: TProject }) {
  if (project.hostingType === 'native') {
    return (
      <Button size="small" startIcon={<LaunchIcon />} component={RouterLink} to={`/project-preview/${project.id}`} aria-label={`Live ${project.title}`}>
        Live
      </Button>
    );
  }
  if (!project.projectUrl) return null;
  return (
    <Button
      size="small"
      startIcon={<LaunchIcon />}
      href={project.projectUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Live ${project.title}`}
    >
      Live
    </Button>
  );
}

type DialogState = { open: false } | { open: true; project: TProject | null; key: number };

/** /my-projects (canonical; /projects redirects here): the member's own projects with create, edit and delete. */
export function MyProjectsPage() {
  const { data: projects, isLoading, error } = useMyProjects();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const redirectIfLoggedOut = useAuthRedirect();

  const openDialog = (project: TProject | null) => setDialog({ open: true, project, key: Date.now() });

  // The sidebar's Create Project links here with ?create=1: open the dialog and drop the parameter.
  useEffect(() => {
    if (params.get('create') !== '1') return;
    openDialog(null);
    const next = new URLSearchParams(params);
    next.delete('create');
    setParams(next, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (error) redirectIfLoggedOut(error);
  }, [error, redirectIfLoggedOut]);

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          My Projects
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
          Create Project
        </Button>
      </Stack>

      {isLoading ? (
        <Box sx={GRID}>
          {Array.from({ length: SKELETONS.profileProjects }, (_, i) => (
            <ProjectCardSkeleton key={i} />
          ))}
        </Box>
      ) : projects && projects.length > 0 ? (
        <Box sx={GRID} component="section" aria-label="My projects">
          {projects.map((p) => (
            <ProjectCard
              key={p.id}
              project={p}
              actions={
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  <Button size="small" startIcon={<VisibilityIcon />} component={RouterLink} to={`/project/${p.id}`} aria-label={`View ${p.title}`}>
                    View
                  </Button>
                  <LiveButton project={p} />
                  <Button size="small" startIcon={<EditIcon />} onClick={() => openDialog(p)} aria-label={`Edit ${p.title}`}>
                    Edit
                  </Button>
                  <DeleteProjectButton project={p} />
                </Stack>
              }
            />
          ))}
        </Box>
      ) : error ? (
        <Alert severity="error">{errorMessage(error, 'Failed to load your projects')}</Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <FolderIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="h2" gutterBottom>
            No projects yet
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
            Create Your First Project
          </Button>
        </Paper>
      )}

      {dialog.open && (
        <ProjectFormDialog key={dialog.key} open project={dialog.project} onClose={() => setDialog({ open: false })} />
      )}
    </Box>
  );
}
