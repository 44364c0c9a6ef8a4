import type { TReactRequest, TReactResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { addReaction } from './interactions.repository';
import { writeWhereVisible } from './load-accessible-project';

/** Likes a project once; liking again changes nothing. Only a new like notifies the author. */
export async function reactToProject(
  deps: Pick<AppDeps, 'db' | 'events'>,
  user: UserRow,
  projectId: number,
  input: TReactRequest,
): Promise<TReactResult> {
  const result = await writeWhereVisible(user, (anyAuthor) => addReaction(deps.db, user.id, projectId, input.type, anyAuthor));
  if (result.changed) await deps.events.emit('project:liked', { actorId: user.id, projectId });
  return { hasReacted: true, reactionCount: result.count };
}
