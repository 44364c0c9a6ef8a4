import type { TProject, TProjectListQuery } from '@shared/schemas/project';
import type { AppDeps } from '../../deps';
import { listProjectViews } from './projects.repository';

/** Every project, newest first, without those of suspended authors. */
export async function listProjects(deps: Pick<AppDeps, 'db' | 'config'>, page: TProjectListQuery): Promise<TProject[]> {
  const rows = await listProjectViews(deps.db, page, deps.config.PREVIEW_ORIGIN);
  return rows.map((r) => r.card);
}
