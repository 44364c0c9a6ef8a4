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
  const result = await deps.db.transaction(async (tx) => {
    const written = await orProjectGone(upsertShare(tx, user.id, projectId, now));
    if (written.created) await deps.events.record(tx, 'project:shared', { actorId: user.id, projectId });
    return written;
  });
  deps.events.nudge();
  return { shareCount: result.shareCount, sharedAt: result.sharedAt.toISOString() };
}
