import type { TUserRating } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { findRating } from './interactions.repository';
import { loadAccessibleProject } from './load-accessible-project';

/** The member's own rating of the project, or null. */
export async function getUserRating(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TUserRating> {
  await loadAccessibleProject(deps.db, projectId, user);
  return { rating: await findRating(deps.db, user.id, projectId) };
}
