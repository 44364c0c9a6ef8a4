import type { TReactRequest, TReactResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { addReaction, readReactionCount } from './interactions.repository';
import { writeWhereVisible } from './load-accessible-project';

/** Likes a project once; liking again changes nothing. Only a new like notifies the author. */
export async function reactToProject(
  deps: Pick<AppDeps, 'db' | 'events'>,
  user: UserRow,
  projectId: number,
  input: TReactRequest,
): Promise<TReactResult> {
  // The like and its event commit together: the author's notification and the count follow it or neither does.
  const result = await deps.db.transaction(async (tx) => {
    const written = await writeWhereVisible(user, (anyAuthor) => addReaction(tx, user.id, projectId, input.type, anyAuthor));
    if (written.changed) await deps.events.record(tx, 'project:liked', { actorId: user.id, projectId });
    return written;
  });
  deps.events.nudge();
  // A like that found the member's like already there (a double click) waited for the other's commit.
  const reactionCount = result.changed ? result.count : await readReactionCount(deps.db, projectId);
  return { hasReacted: true, reactionCount };
}
