import { HANDLE_MAX } from '@shared/constants';
import { HANDLE_PATTERN, PROFILE_MESSAGES } from '@shared/schemas/user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { UserSuspendedError } from './user-suspended-error';
import { findUserByHandleOrId, type UserRow } from './users.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A {handleOrId} route parameter: a uuid or a possible handle; anything else names nobody (404). */
export function userKeyParam(raw: unknown): string {
  if (typeof raw !== 'string') throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  if (UUID_PATTERN.test(raw)) return raw;
  if (raw.length > HANDLE_MAX || !HANDLE_PATTERN.test(raw)) throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  return raw;
}

/** Admins and the owner see a suspended profile; everyone else gets the 'User Suspended' answer. */
export function canSeeSuspended(user: Pick<UserRow, 'id'>, viewer: Pick<UserRow, 'id' | 'isAdmin'>): boolean {
  return viewer.isAdmin || viewer.id === user.id;
}

/** The user named by handle or id, as this viewer may see them: 404 when unknown, 403 when hidden. */
export async function findVisibleUser(db: DbOrTx, key: string, viewer: UserRow): Promise<UserRow> {
  const user = await findUserByHandleOrId(db, key);
  if (!user) throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  if (user.isSuspended && !canSeeSuspended(user, viewer)) throw new UserSuspendedError(user.suspendedReason, user.suspendedAt);
  return user;
}
