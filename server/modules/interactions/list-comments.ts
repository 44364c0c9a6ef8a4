import type { TComment } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { toComment } from './comment-view';
import { listComments as selectComments } from './interactions.repository';
import { loadAccessibleProject } from './load-accessible-project';

/** The newest comments shown on a project page. */
export const COMMENTS_LIMIT = 500;

export async function listComments(deps: Pick<AppDeps, 'db'>, user: UserRow | undefined, projectId: number): Promise<TComment[]> {
  await loadAccessibleProject(deps.db, projectId, user);
  return (await selectComments(deps.db, projectId, COMMENTS_LIMIT)).map(toComment);
}
