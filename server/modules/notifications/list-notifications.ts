import { NOTIFICATIONS_LIMIT } from '@shared/constants';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { listNotificationsJson } from './notifications.repository';

/** The member's own notifications, newest first, at most NOTIFICATIONS_LIMIT: the JSON text of TNotification[]. */
export function listNotifications(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<string> {
  return listNotificationsJson(deps.db, user.id, NOTIFICATIONS_LIMIT);
}
