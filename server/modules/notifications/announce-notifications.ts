import type { EventBus } from '../../events/domain-events';
import { toNotification } from './notification-view';
import type { NotificationRow } from './notifications.repository';

/** Tells realtime about stored notifications, so each member's open sessions see theirs at once. */
export async function announceNotifications(events: EventBus, rows: readonly NotificationRow[]): Promise<void> {
  for (const row of rows) {
    // The push carries the list's fields but its type.
    const { type: _type, ...notification } = toNotification(row);
    await events.emit('notification:created', { userId: row.userId, notification });
  }
}
