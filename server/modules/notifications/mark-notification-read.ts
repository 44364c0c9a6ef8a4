import type { TNotification } from '@shared/schemas/notification';
import { assertExists } from '../../access/access-policy';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { toNotification } from './notification-view';
import { markRead } from './notifications.repository';

/** Marks one of the member's notifications read (again is fine); someone else's is 404, like a missing one. */
export async function markNotificationRead(deps: Pick<AppDeps, 'db' | 'cache'>, user: UserRow, id: number): Promise<TNotification> {
  // Only the recipient's own rows match (canView's notification rule, applied in SQL).
  const row = await markRead(deps.db, user.id, id);
  assertExists('notification', row);
  deps.cache.invalidate({ members: [user.id] });
  return toNotification(row);
}
