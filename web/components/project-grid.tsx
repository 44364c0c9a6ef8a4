import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import type { TProject } from '@shared/schemas/project';
import { ProjectCard } from './project-card';
import { ProjectCardSkeleton } from './project-card-skeleton';

/** 1 to 4 columns depending on the width, so a card never gets too narrow to read. */
const PROJECT_GRID_CELL = { xs: 12, sm: 6, md: 4, lg: 3 } as const;
type Cell = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;

/**
 * Project cards in the responsive grid; while `loading`, that many placeholder cards instead (and the
 * grid says it is busy). `children` adds grid items after the cards.
 */
export function ProjectGrid({
  projects = [],
  loading = 0,
  cell = PROJECT_GRID_CELL,
  label,
  testId,
  children,
}: {
  projects?: readonly TProject[];
  loading?: number;
  cell?: Cell;
  label?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Grid container spacing={3} aria-busy={loading > 0 || undefined} aria-label={label} data-testid={testId}>
      {loading > 0
        ? Array.from({ length: loading }, (_, i) => (
            <Grid key={i} size={cell}>
              <ProjectCardSkeleton />
            </Grid>
          ))
        : projects.map((project) => (
            <Grid key={project.id} size={cell}>
              <ProjectCard project={project} />
            </Grid>
          ))}
      {children}
    </Grid>
  );
}
