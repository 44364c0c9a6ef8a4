import type { TComment, TCommentRequest } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { toComment } from './comment-view';
import { insertComment } from './interactions.repository';
import { loadAccessibleProject, orProjectGone } from './load-accessible-project';

/** Posts a comment (already trimmed and checked by the shared schema) and notifies the author. */
export async function postComment(
  deps: Pick<AppDeps, 'db' | 'events'>,
  user: UserRow,
  projectId: number,
  input: TCommentRequest,
): Promise<TComment> {
  await loadAccessibleProject(deps.db, projectId, user);
  const row = await orProjectGone(insertComment(deps.db, { projectId, content: input.content }, user));
  await deps.events.emit('project:commented', { actorId: user.id, projectId, commentId: row.id });
  return toComment(row);
}
