import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { SKELETONS } from '@shared/constants';
import { isHttpUrl } from '@shared/format';
import { ProjectCard } from '@web/components/project-card';
import { ProjectCardSkeleton } from '@web/components/project-card-skeleton';
import { QueryState } from '@web/components/query-state';
import { useUserProjects } from '@web/api/users/get-user-projects';

const gridSx = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } } as const;

/** 'My Projects' for the owner, '{name} Projects' for others: count badge, 6 skeletons, empty states. */
export function ProfileProjects({ userKey, isOwner, name }: { userKey: string; isOwner: boolean; name: string }) {
  const projects = useUserProjects(userKey);
  const { data } = projects;
  const title = isOwner ? 'My Projects' : `${name} Projects`;
  return (
    <Box component="section" aria-labelledby="profile-projects-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h2" id="profile-projects-title" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {data && <Chip size="small" label={data.length} aria-label={`${data.length} projects`} data-testid="project-count" />}
      </Stack>
      <QueryState
        query={projects}
        errorText="Failed to load projects"
        loading={
        <Box sx={gridSx}>
          {Array.from({ length: SKELETONS.profileProjects }, (_, i) => (
            <ProjectCardSkeleton key={i} />
          ))}
        </Box>
        }
        empty={
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="textSecondary">{isOwner ? 'No projects yet' : 'No projects found'}</Typography>
        </Paper>
        }
      >
        {(list) => (
        <Box sx={gridSx}>
          {list.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              actions={
                project.projectUrl && isHttpUrl(project.projectUrl) ? (
                  <Tooltip title="Open project">
                    <IconButton
                      component="a"
                      href={project.projectUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="small"
                      aria-label={`Open ${project.title} in a new tab`}
                    >
                      <OpenInNewIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            />
          ))}
        </Box>
        )}
      </QueryState>
    </Box>
  );
}
