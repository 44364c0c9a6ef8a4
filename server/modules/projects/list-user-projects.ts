import type { TProject } from '@shared/schemas/project';
import type { AppDeps } from '../../deps';
import { toProject } from './project-view';
import { listProjectViewsByAuthor } from './projects.repository';

/** One author's projects, newest first: the signed-in member's own, or a profile's (after findVisibleUser). */
export async function listUserProjects(deps: Pick<AppDeps, 'db' | 'config'>, authorId: string): Promise<TProject[]> {
  const rows = await listProjectViewsByAuthor(deps.db, authorId);
  return rows.map((r) => toProject(r, { previewOrigin: deps.config.PREVIEW_ORIGIN }));
}
