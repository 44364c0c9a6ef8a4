import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotification(db: DbOrTx, values: NewNotification): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

export function listNotifications(db: DbOrTx, userId: string, limit = 100): Promise<NotificationRow[]> {
  const statement = prepared(db, 'notifications_of_user', (d, name) =>
    d
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sql.placeholder('userId')))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  return statement.execute({ userId, limit });
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const statement = prepared(db, 'unread_notifications_of_user', (d, name) =>
    d
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.read, false)))
      .prepare(name),
  );
  const [row] = await statement.execute({ userId });
  return row?.n ?? 0;
}

/** Marks one of the user's own notifications read; answers false when it is not theirs or missing. */
export async function markRead(db: DbOrTx, userId: string, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true, updatedAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}
