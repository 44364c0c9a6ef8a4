import { PROJECT_MESSAGES, type TProject } from '@shared/schemas/project';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { toProject } from './project-view';
import { findProjectView } from './projects.repository';

/** A project as the API answers it, without counting a view (answers to writes). */
export async function readProject(deps: Pick<AppDeps, 'db' | 'config'>, id: number): Promise<TProject> {
  const row = await findProjectView(deps.db, id);
  if (!row) throw AppError.notFound(PROJECT_MESSAGES.notFound);
  return toProject(row, { previewOrigin: deps.config.PREVIEW_ORIGIN });
}
