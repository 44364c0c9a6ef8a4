import type { TReactResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { removeReaction as deleteReaction } from './interactions.repository';
import { writeWhereVisible } from './load-accessible-project';

/** Removes the member's like; removing a like that does not exist is harmless. */
export async function removeReaction(deps: Pick<AppDeps, 'db'>, user: UserRow, projectId: number): Promise<TReactResult> {
  const result = await writeWhereVisible(user, (anyAuthor) => deleteReaction(deps.db, user.id, projectId, anyAuthor));
  return { hasReacted: false, reactionCount: result.count };
}
