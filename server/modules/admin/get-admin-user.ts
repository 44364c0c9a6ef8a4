import type { TUserProfile } from '@shared/schemas/user';
import type { DbOrTx } from '../../db/client';
import { toUserProfile } from '../users/to-user-profile';
import type { UserRow } from '../users/users.repository';
import { countProjectsByAuthor } from './admin.repository';
import { findTargetUser } from './find-target-user';

export type TAdminUserProfile = TUserProfile & { projectCount: number };

/** GET /api/admin/users/{id}: the whole profile, suspended or not, with the email and project count. */
export async function getAdminUser(deps: { db: DbOrTx }, admin: UserRow, id: string): Promise<TAdminUserProfile> {
  const user = await findTargetUser(deps.db, id);
  return { ...toUserProfile(user, admin), projectCount: await countProjectsByAuthor(deps.db, user.id) };
}
