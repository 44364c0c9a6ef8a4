import type { TProject } from '@shared/schemas/project';
import type { AppDeps } from '../../deps';
import { toProject } from './project-view';
import { listProjectViewsByAuthor } from './projects.repository';

/** The signed-in member's own projects, newest first. */
export async function listUserProjects(deps: Pick<AppDeps, 'db' | 'config'>, authorId: string): Promise<TProject[]> {
  const rows = await listProjectViewsByAuthor(deps.db, authorId);
  return rows.map((r) => toProject(r, { previewOrigin: deps.config.PREVIEW_ORIGIN }));
}
