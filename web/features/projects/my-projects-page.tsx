import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import InsightsIcon from '@mui/icons-material/Insights';
import EditIcon from '@mui/icons-material/EditOutlined';
import FolderIcon from '@mui/icons-material/FolderOpen';
import LaunchIcon from '@mui/icons-material/Launch';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import type { TProject } from '@shared/schemas/project';
import { ProjectCard } from '@web/components/project-card';
import { ProjectCardSkeleton } from '@web/components/project-card-skeleton';
import { QueryState } from '@web/components/query-state';
import { errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useMyProjects } from '@web/api/projects/get-my-projects';
import { DeleteProjectButton } from './components/delete-project-button';
import { DraftsSection } from './components/drafts-section';
import { ProjectFormDialog } from './components/project-form-dialog';
import type { DraftDoc } from '@web/offline/local-store';

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

type DialogState = { open: false } | { open: true; project: TProject | null; draft?: DraftDoc; key: number };

/** /my-projects (canonical; /projects redirects here): the member's own projects with create, edit and delete. */
export function MyProjectsPage() {
  const myProjects = useMyProjects();
  const { error } = myProjects;
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
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" startIcon={<InsightsIcon />} component={RouterLink} to="/analytics">
            Analytics
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
            Create Project
          </Button>
        </Stack>
      </Stack>

      <DraftsSection onContinue={(draft) => setDialog({ open: true, project: null, draft, key: Date.now() })} />

      <QueryState
        query={myProjects}
        errorText={errorMessage(error, 'Failed to load your projects')}
        loading={
        <Box sx={GRID}>
          {Array.from({ length: SKELETONS.profileProjects }, (_, i) => (
            <ProjectCardSkeleton key={i} />
          ))}
        </Box>
        }
        empty={
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
          <FolderIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="h2" gutterBottom>
            No projects yet
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDialog(null)}>
            Create Your First Project
          </Button>
        </Paper>
        }
      >
        {(projects) => (
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
        )}
      </QueryState>

      {dialog.open && (
        <ProjectFormDialog key={dialog.key} open project={dialog.project} draft={dialog.draft ?? null} onClose={() => setDialog({ open: false })} />
      )}
    </Box>
  );
}
