import type { TShareResult } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { upsertShare } from './interactions.repository';
import { loadAccessibleProject, orProjectGone } from './load-accessible-project';

/**
 * Shares a project into the member's followers' Following feed. shareCount counts sharers: sharing
 * again only moves the share to the top of the feed (a new sharedAt) and does not notify again.
 */
export async function shareProject(
  deps: Pick<AppDeps, 'db' | 'events'> & { now?: () => Date },
  user: UserRow,
  projectId: number,
): Promise<TShareResult> {
  await loadAccessibleProject(deps.db, projectId, user);
  const now = deps.now?.() ?? new Date();
  const result = await orProjectGone(upsertShare(deps.db, user.id, projectId, now));
  if (result.created) await deps.events.emit('project:shared', { actorId: user.id, projectId });
  return { shareCount: result.shareCount, sharedAt: result.sharedAt.toISOString() };
}
