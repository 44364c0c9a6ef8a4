import { NOTIFICATION_NOT_FOUND, type TNotification } from '@shared/schemas/notification';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { toNotification } from './list-notifications';
import { markRead } from './notifications.repository';

/** Marks one of the member's notifications read (again is fine); someone else's is 404, like a missing one. */
export async function markNotificationRead(deps: Pick<AppDeps, 'db'>, user: UserRow, id: number): Promise<TNotification> {
  const row = await markRead(deps.db, user.id, id);
  if (!row) throw AppError.notFound(NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}
