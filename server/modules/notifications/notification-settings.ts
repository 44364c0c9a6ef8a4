import { eq, sql } from 'drizzle-orm';
import { settingsWithDefaults, type TNotificationKind, type TNotificationSettings, type TNotificationSettingsUpdate } from '@shared/schemas/notification-settings';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import type { UserRow } from '../users/users.repository';

export const readNotificationSettings = (user: UserRow): TNotificationSettings => settingsWithDefaults(user.notificationSettings);

/** Stores the changed kinds over the member's others (one statement: two tabs saving at once both keep theirs). */
export async function updateNotificationSettings(db: DbOrTx, userId: string, change: TNotificationSettingsUpdate): Promise<TNotificationSettings> {
  const [row] = await db
    .update(users)
    .set({ notificationSettings: sql`${users.notificationSettings} || ${JSON.stringify(change)}::jsonb` })
    .where(eq(users.id, userId))
    .returning({ settings: users.notificationSettings });
  return settingsWithDefaults(row?.settings);
}

/** One-click unsubscribe: that kind's mails stop; it stays in the app. */
export async function unsubscribeFromKind(db: DbOrTx, userId: string, kind: TNotificationKind): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({
      notificationSettings: sql`${users.notificationSettings} || jsonb_build_object(${kind}::text, CASE WHEN coalesce(${users.notificationSettings} ->> ${kind}, '') = 'off' THEN 'off' ELSE 'app' END)`,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return !!row;
}
