import { HANDLE_MAX } from '@shared/constants';
import { HANDLE_PATTERN, PROFILE_MESSAGES } from '@shared/schemas/user';
import { assertCanView } from '../../access/access-policy';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findUserByHandleOrId, type UserRow } from './users.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A {handleOrId} route parameter: a uuid or a possible handle; anything else names nobody (404). */
export function userKeyParam(raw: unknown): string {
  if (typeof raw !== 'string') throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  if (UUID_PATTERN.test(raw)) return raw;
  if (raw.length > HANDLE_MAX || !HANDLE_PATTERN.test(raw)) throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  return raw;
}

/** The user named by handle or id, as this viewer may see them: 404 when unknown, 403 when hidden. */
export async function findVisibleUser(db: DbOrTx, key: string, viewer: UserRow): Promise<UserRow> {
  const user = await findUserByHandleOrId(db, key);
  assertCanView(viewer, 'profile', user);
  return user;
}
