import type { TNotification } from '@shared/schemas/notification';
import type { NotificationRow } from './notifications.repository';

/**
 * A stored notification as the API answers it (mark-read, sync). The list's JSON is written by the
 * database in the same shape (notifications.repository.ts); the list's API test compares the two.
 */
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
