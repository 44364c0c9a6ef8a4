import type { TUserProfile } from '@shared/schemas/user';
import type { Db } from '../../db/client';
import { findVisibleUser } from './find-visible-user';
import { toUserProfile } from './to-user-profile';
import type { UserRow } from './users.repository';

/** A profile by handle or id; suspended profiles only for their owner and admins. */
export async function getProfile(deps: { db: Db }, key: string, viewer: UserRow): Promise<TUserProfile> {
  const user = await findVisibleUser(deps.db, key, viewer);
  return toUserProfile(user, viewer);
}
