import type { TInteractions } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { findInteractions } from './interactions.repository';
import { loadAccessibleProject } from './load-accessible-project';

/** Whether the member follows the author, likes and saved the project, and the author's follow counts. */
export async function getInteractions(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TInteractions> {
  const project = await loadAccessibleProject(deps.db, projectId, user);
  const row = await findInteractions(deps.db, user.id, projectId, project.authorId);
  return {
    isFollowing: row.isFollowing === true,
    hasReacted: row.hasReacted === true,
    hasSaved: row.hasSaved === true,
    authorFollowerCount: row.authorFollowerCount,
    authorFollowingCount: row.authorFollowingCount,
  };
}
