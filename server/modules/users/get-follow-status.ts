import { MESSAGES } from '@shared/errors';
import type { TFollowStatus } from '@shared/schemas/user';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findVisibleUser } from './find-visible-user';
import { isFollowing } from './follows.repository';
import type { UserRow } from './users.repository';

/** Whether the viewer follows another user; asking about oneself is refused: the button never shows on one's own profile. */
export async function getFollowStatus(deps: { db: Db }, viewer: UserRow, key: string): Promise<TFollowStatus> {
  const target = await findVisibleUser(deps.db, key, viewer);
  if (target.id === viewer.id) throw AppError.validation(MESSAGES.selfFollow);
  return { isFollowing: await isFollowing(deps.db, viewer.id, target.id) };
}
