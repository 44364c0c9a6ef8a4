import type { TUserProfile } from '@shared/schemas/user';
import type { PublicCache } from '../../cache/public-cache';
import type { Db } from '../../db/client';
import { readVisibleUser } from './find-visible-user';
import { toUserProfile } from './to-user-profile';
import type { UserRow } from './users.repository';

/** A profile by handle or id; suspended profiles only for their owner and admins. */
export async function getProfile(deps: { db: Db; cache: PublicCache }, key: string, viewer: UserRow): Promise<TUserProfile> {
  const user = await readVisibleUser(deps, key, viewer);
  return toUserProfile(user, viewer);
}
