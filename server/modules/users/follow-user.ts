import { MESSAGES } from '@shared/errors';
import type { TFollowResult } from '@shared/schemas/user';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { findVisibleUser } from './find-visible-user';
import { findFollowCounts, insertFollow } from './follows.repository';
import type { UserRow } from './users.repository';

/** Follows a user; following twice changes nothing. Only a new follow notifies the followed user. */
export async function followUser(deps: Pick<AppDeps, 'db' | 'events'>, follower: UserRow, key: string): Promise<TFollowResult> {
  const target = await findVisibleUser(deps.db, key, follower);
  if (target.id === follower.id) throw AppError.validation(MESSAGES.selfFollow);
  await deps.db.transaction(async (tx) => {
    if (await insertFollow(tx, follower.id, target.id)) await deps.events.record(tx, 'user:followed', { followerId: follower.id, followingId: target.id });
  });
  deps.events.nudge();
  const counts = (await findFollowCounts(deps.db, target.id)) ?? { followerCount: 0, followingCount: 0 };
  return { isFollowing: true, ...counts };
}
