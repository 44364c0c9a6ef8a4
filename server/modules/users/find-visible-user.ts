import { HANDLE_MAX } from '@shared/constants';
import { HANDLE_PATTERN, PROFILE_MESSAGES } from '@shared/schemas/user';
import { isUuid } from '@shared/uuid';
import { assertCanView } from '../../access/access-policy';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, type PublicCache } from '../../cache/public-cache';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findUserByHandleOrId, type UserRow } from './users.repository';

/** A {handleOrId} route parameter: a uuid or a possible handle; anything else names nobody (404). */
export function userKeyParam(raw: unknown): string {
  if (typeof raw !== 'string') throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  if (isUuid(raw)) return raw;
  if (raw.length > HANDLE_MAX || !HANDLE_PATTERN.test(raw)) throw AppError.notFound(PROFILE_MESSAGES.profileNotFound);
  return raw;
}

/** The user named by handle or id, as this viewer may see them: 404 when unknown, 403 when hidden. */
export async function findVisibleUser(db: DbOrTx, key: string, viewer: UserRow): Promise<UserRow> {
  const user = await findUserByHandleOrId(db, key);
  assertCanView(viewer, 'profile', user);
  return user;
}

/**
 * findVisibleUser for reads, through the public cache: the row is shared by every viewer for up to
 * PUBLIC_CACHE_TTL_MS.profile and dropped by any write that could change it; the access check is per viewer.
 */
export async function readVisibleUser(deps: { db: DbOrTx; cache: PublicCache }, key: string, viewer: UserRow): Promise<UserRow> {
  const load = async () => (await findUserByHandleOrId(deps.db, key)) ?? null;
  const user = (await deps.cache.read(cacheKeys.profile(key), load, { ttlMs: PUBLIC_CACHE_TTL_MS.profile })) ?? undefined;
  assertCanView(viewer, 'profile', user);
  return user;
}
