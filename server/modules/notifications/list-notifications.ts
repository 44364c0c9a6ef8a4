import { NOTIFICATIONS_LIMIT } from '@shared/constants';
import type { TNotification } from '@shared/schemas/notification';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { listNotificationsJson, type NotificationRow } from './notifications.repository';

export function toNotification(row: NotificationRow): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The member's own notifications, newest first, at most NOTIFICATIONS_LIMIT: the JSON text of TNotification[]. */
export function listNotifications(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<string> {
  return listNotificationsJson(deps.db, user.id, NOTIFICATIONS_LIMIT);
}
