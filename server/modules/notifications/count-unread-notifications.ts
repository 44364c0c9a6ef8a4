import type { TUnreadCount } from '@shared/schemas/notification';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { countUnread } from './notifications.repository';

/** The number the sidebar's Notifications item shows. */
export async function countUnreadNotifications(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<TUnreadCount> {
  return { count: await countUnread(deps.db, user.id) };
}
