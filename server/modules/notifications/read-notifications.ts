import { NOTIFICATIONS_LIMIT } from '@shared/constants';
import { cachedJsonOfText, cacheKeys, PUBLIC_CACHE_TTL_MS, type CachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { listNotificationsJson } from './notifications.repository';

/**
 * The member's own notifications, newest first, at most NOTIFICATIONS_LIMIT: the JSON text of
 * TNotification[]. Kept per member until one is stored for them or they read one (both drop the
 * member's reads, on every instance, before the push or the answer), a project they point at is
 * written or deleted, or any write outside /api/projects/:id.
 */
export function readNotifications(deps: Pick<AppDeps, 'db' | 'cache'>, user: UserRow): Promise<CachedJson> {
  const load = async () => {
    const list = await listNotificationsJson(deps.db, user.id, NOTIFICATIONS_LIMIT);
    return { json: cachedJsonOfText(list.json), shows: list.projectIds };
  };
  return deps.cache.readJson(cacheKeys.notifications(user.id), load, { ttlMs: PUBLIC_CACHE_TTL_MS.notifications, owner: user.id });
}
