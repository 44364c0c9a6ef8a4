import { PROFILE_MESSAGES, type TFollowResult } from '@shared/schemas/user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { deleteFollow, findFollowCounts } from './follows.repository';
import { findUserByHandleOrId, type UserRow } from './users.repository';

/**
 * Unfollows a user; unfollowing someone not followed (or oneself) is a harmless no-op. Allowed even
 * when the other user is suspended, so members can always clean up their list.
 */
export async function unfollowUser(deps: { db: Db }, follower: UserRow, key: string): Promise<TFollowResult> {
  const target = await findUserByHandleOrId(deps.db, key);
  if (!target) throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  if (target.id !== follower.id) await deleteFollow(deps.db, follower.id, target.id);
  const counts = (await findFollowCounts(deps.db, target.id)) ?? { followerCount: 0, followingCount: 0 };
  return { isFollowing: false, ...counts };
}
