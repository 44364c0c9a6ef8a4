import { PROJECT_MESSAGES, type TProject } from '@shared/schemas/project';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { findProjectView } from './projects.repository';

/** A project as the API answers it, without counting a view (answers to writes). */
export async function readProject(deps: Pick<AppDeps, 'db' | 'config'>, id: number): Promise<TProject> {
  const row = await findProjectView(deps.db, id, deps.config.PREVIEW_ORIGIN);
  if (!row) throw AppError.notFound(PROJECT_MESSAGES.notFound);
  return row.card;
}
