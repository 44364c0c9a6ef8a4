import type { TProject } from '@shared/schemas/project';
import { isAdmin } from '../../access/access-policy';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { listSavedProjectViews } from './interactions.repository';

/** How many saved projects the Saved page shows, most recently saved first. */
export const SAVED_LIMIT = 500;

export async function listSavedProjects(deps: Pick<AppDeps, 'db' | 'config'>, user: UserRow): Promise<TProject[]> {
  const rows = await listSavedProjectViews(deps.db, user.id, { includeSuspended: isAdmin(user), limit: SAVED_LIMIT, previewOrigin: deps.config.PREVIEW_ORIGIN });
  return rows.map((row) => row.card);
}
