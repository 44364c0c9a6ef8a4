import type { TComment, TCommentRequest } from '@shared/schemas/interactions';
import { assertExists } from '../../access/access-policy';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { toComment } from './comment-view';
import { insertComment } from './interactions.repository';
import { writeWhereVisible } from './load-accessible-project';

/** Posts a comment (already trimmed and checked by the shared schema) and notifies the author. */
export async function postComment(
  deps: Pick<AppDeps, 'db' | 'events'>,
  user: UserRow,
  projectId: number,
  input: TCommentRequest,
): Promise<TComment> {
  const comment = await deps.db.transaction(async (tx) => {
    const written = await writeWhereVisible(user, (anyAuthor) => insertComment(tx, { projectId, content: input.content, anyAuthor }, user));
    // Written whenever access was granted: the second run has no condition left.
    const row = written.comment ?? undefined;
    assertExists('project', row);
    await deps.events.record(tx, 'project:commented', { actorId: user.id, projectId, commentId: row.id });
    return row;
  });
  deps.events.nudge();
  return toComment(comment);
}
