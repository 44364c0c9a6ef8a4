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
  const created = await insertFollow(deps.db, follower.id, target.id);
  if (created) await deps.events.emit('user:followed', { followerId: follower.id, followingId: target.id });
  const counts = (await findFollowCounts(deps.db, target.id)) ?? { followerCount: 0, followingCount: 0 };
  return { isFollowing: true, ...counts };
}
