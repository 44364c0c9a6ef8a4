import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoSql } from '../../db/iso-sql';
import { arrayParam, prepared, preparedSql } from '../../db/prepared';
import { notifications, users } from '../../db/schema';
import { MAIL_TOPIC, mailDedupeKey } from '../../mail/mail-queue';
import { displayNameSql } from '../projects/project-card-sql';

export type NotificationRow = typeof notifications.$inferSelect;
/** A notification's mail is keyed by this and the notification's id: one mail per notification. */
export const NOTIFICATION_MAIL_KEY = 'notification:';
/** What a new notification says; the database sets the rest (id, read, times, sync sequence). */
export type NewNotification = Pick<typeof notifications.$inferInsert, 'userId' | 'actorId' | 'type' | 'title' | 'message' | 'link' | 'projectId'>;

export async function insertNotification(db: DbOrTx, values: NewNotification): Promise<NotificationRow> {
  const [row] = await insertNotifications(db, [values]);
  return row!;
}

type StoredNotification = Omit<NotificationRow, 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

/**
 * One prepared statement for any number of notifications (the arrays of their fields), so a batch of
 * likes or comments is neither built by drizzle's insert builder nor parsed and planned again for each
 * batch size. The rows go in in the order given, so their serial ids rise in that order.
 */
const insertNotificationRows = (db: DbOrTx) =>
  preparedSql<StoredNotification>(db, 'insert_notifications', () => sql`
    INSERT INTO notifications (user_id, actor_id, type, title, message, link, project_id)
    SELECT n.user_id, n.actor_id, n.type, n.title, n.message, n.link, n.project_id
    FROM unnest(${arrayParam('userIds', 'uuid')}, ${arrayParam('actorIds', 'uuid')}, ${arrayParam('types', 'text')},
      ${arrayParam('titles', 'text')}, ${arrayParam('messages', 'text')}, ${arrayParam('links', 'text')},
      ${arrayParam('projectIds', 'int')}) WITH ORDINALITY AS n(user_id, actor_id, type, title, message, link, project_id, ord)
    ORDER BY n.ord
    RETURNING id, user_id AS "userId", actor_id AS "actorId", type, title, message, link, project_id AS "projectId", read,
      created_at AS "createdAt", updated_at AS "updatedAt", sync_seq::float8 AS "syncSeq"`);

/** Stores several notifications in one statement, answered in the order given. */
export async function insertNotifications(db: DbOrTx, values: readonly NewNotification[]): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  const rows = await insertNotificationRows(db)({
    userIds: values.map((v) => v.userId),
    actorIds: values.map((v) => v.actorId ?? null),
    types: values.map((v) => v.type),
    titles: values.map((v) => v.title),
    messages: values.map((v) => v.message),
    links: values.map((v) => v.link ?? null),
    projectIds: values.map((v) => v.projectId ?? null),
  });
  return rows
    .map((r) => ({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) }))
    .sort((a, b) => a.id - b.id);
}

/** What a notification about an act on a project needs: the project, its author and the actor's name. */
export type ProjectActTarget = {
  projectId: number;
  projectTitle: string;
  authorId: string;
  actorId: string;
  actorDisplayName: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
};

/**
 * The targets of these acts (project, actor), in the order given: one prepared statement for a batch.
 * An act whose project or actor is gone (deleted since) is left out.
 */
export function findProjectActTargets(db: DbOrTx, acts: readonly { projectId: number; actorId: string }[]): Promise<(ProjectActTarget & { ord: number })[]> {
  return preparedSql<ProjectActTarget & { ord: number }>(db, 'project_act_targets', () => sql`
    SELECT e.ord::int AS ord, p.id AS "projectId", p.title AS "projectTitle", p.author_id AS "authorId", a.id AS "actorId",
      a.display_name AS "actorDisplayName", a.first_name AS "actorFirstName", a.last_name AS "actorLastName"
    FROM unnest(${arrayParam('projectIds', 'int')}, ${arrayParam('actorIds', 'uuid')}) WITH ORDINALITY AS e(project_id, actor_id, ord)
    JOIN projects p ON p.id = e.project_id
    JOIN users a ON a.id = e.actor_id
    ORDER BY e.ord`)({ projectIds: acts.map((a) => a.projectId), actorIds: acts.map((a) => a.actorId) });
}

/** A member's notifications as their answer's JSON text, and the projects they point at. */
export type NotificationsJson = { json: string; projectIds: number[] };

/**
 * The member's newest notifications as the JSON text of GET /api/notifications (TNotification[]):
 * composed by the database in one prepared statement, so a list of 100 is not parsed into rows, mapped
 * and serialised again per request (that was most of the route's time). With the projects they point
 * at, whose deletion takes those notifications with it.
 */
export async function listNotificationsJson(db: DbOrTx, userId: string, limit: number): Promise<NotificationsJson> {
  const [row] = await preparedSql<{ json: string; projectIds: number[] }>(db, 'notifications_json_of_user', () => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', n.id, 'type', n.type, 'title', n.title, 'message', n.message, 'link', n.link, 'read', n.read,
      'createdAt', ${isoSql('n.created_at')}
    ) ORDER BY n.created_at DESC, n.id DESC), '[]')::text AS json,
      coalesce(array_agg(DISTINCT n.project_id) FILTER (WHERE n.project_id IS NOT NULL), '{}') AS "projectIds"
    FROM (
      SELECT id, type, title, message, link, read, created_at, project_id FROM notifications
      WHERE user_id = ${sql.placeholder('userId')}
      ORDER BY created_at DESC, id DESC
      LIMIT ${sql.placeholder('limit')}
    ) n`)({ userId, limit });
  return { json: row?.json ?? '[]', projectIds: (row?.projectIds ?? []).map(Number) };
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

/** What delivering a notification needs of its recipient: where it may go, and an address to mail. */
export type NotificationRecipient = {
  id: string;
  email: string | null;
  emailVerified: boolean;
  isHidden: boolean;
  name: string;
  settings: unknown;
};

export async function findRecipients(db: DbOrTx, ids: readonly string[]): Promise<Map<string, NotificationRecipient>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
      isHidden: users.isHidden,
      name: sql<string>`${displayNameSql('users')}`,
      settings: users.notificationSettings,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Product news for every member who has not turned it off, in one statement: the notifications, and the
 * mails of those who chose email at once (verified addresses only), queued in the outbox with them.
 */
export async function insertNewsNotifications(
  db: DbOrTx,
  news: { actorId: string; title: string; message: string; link: string; defaultChannel: string; kindLabel: string },
): Promise<void> {
  await db.execute(sql`
    WITH targets AS (
      SELECT u.id, u.email, u.email_verified_at IS NOT NULL AS verified,
        ${displayNameSql('u')} AS name,
        coalesce(u.notification_settings ->> 'news', ${news.defaultChannel}::text) AS channel
      FROM users u WHERE NOT u.is_hidden AND u.id <> ${news.actorId}::uuid
    ), stored AS (
      INSERT INTO notifications (user_id, actor_id, type, title, message, link)
      SELECT t.id, ${news.actorId}::uuid, 'news', ${news.title}::text, ${news.message}::text, ${news.link}::text FROM targets t WHERE t.channel <> 'off'
      RETURNING id, user_id
    )
    INSERT INTO outbox (topic, payload, dedupe_key)
    SELECT ${MAIL_TOPIC}::text, jsonb_build_object(
        'template', 'notification', 'to', t.email,
        'data', jsonb_build_object('name', t.name, 'title', ${news.title}::text, 'message', ${news.message}::text, 'kindLabel', ${news.kindLabel}::text),
        'link', jsonb_build_object('path', ${news.link}::text),
        'unsubscribe', jsonb_build_object('userId', t.id, 'kind', 'news')),
      ${mailDedupeKey(NOTIFICATION_MAIL_KEY)}::text || s.id
    FROM stored s JOIN targets t ON t.id = s.user_id
    WHERE t.channel = 'email' AND t.email IS NOT NULL AND t.verified`);
}
