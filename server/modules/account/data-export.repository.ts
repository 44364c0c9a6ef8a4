import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accountExports,
  comments,
  follows,
  notifications,
  projectDrafts,
  projectFiles,
  projects,
  ratings,
  reactions,
  reports,
  saves,
  shares,
  users,
} from '../../db/schema';

export type AccountExportRow = typeof accountExports.$inferSelect;

/** A pending export of the member, if one is being built (one at a time). */
export async function findPendingExport(db: DbOrTx, userId: string): Promise<AccountExportRow | undefined> {
  const [row] = await db.select().from(accountExports).where(and(eq(accountExports.userId, userId), eq(accountExports.status, 'pending')));
  return row;
}

export async function insertExport(db: DbOrTx, userId: string): Promise<AccountExportRow> {
  const [row] = await db.insert(accountExports).values({ userId }).returning();
  return row!;
}

export function listExports(db: DbOrTx, userId: string): Promise<AccountExportRow[]> {
  return db.select().from(accountExports).where(eq(accountExports.userId, userId)).orderBy(desc(accountExports.createdAt)).limit(5);
}

export async function findExport(db: DbOrTx, id: string): Promise<AccountExportRow | undefined> {
  const [row] = await db.select().from(accountExports).where(eq(accountExports.id, id));
  return row;
}

export async function markExport(db: DbOrTx, id: string, values: Partial<typeof accountExports.$inferInsert>): Promise<void> {
  await db.update(accountExports).set(values).where(eq(accountExports.id, id));
}

/** Ready exports past their keep date, and stale failed ones: their files go, then their rows. */
export function expiredExports(db: DbOrTx): Promise<AccountExportRow[]> {
  return db
    .select()
    .from(accountExports)
    .where(or(lt(accountExports.expiresAt, new Date()), and(isNull(accountExports.expiresAt), lt(accountExports.createdAt, sql`now() - interval '7 days'`))));
}

export async function deleteExports(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(accountExports).where(inArray(accountExports.id, ids));
}

/** Everything of the member's own that goes into "Download my data", as plain rows. */
export async function collectMemberData(db: DbOrTx, userId: string) {
  const [profile] = await db.select().from(users).where(eq(users.id, userId));
  const own = await db.select().from(projects).where(eq(projects.authorId, userId)).orderBy(projects.id);
  const files = own.length
    ? await db.select().from(projectFiles).where(inArray(projectFiles.projectId, own.map((p) => p.id))).orderBy(projectFiles.id)
    : [];
  const titleOf = sql<string>`(SELECT title FROM projects p WHERE p.id = project_id)`;
  return {
    profile,
    projects: own,
    files,
    comments: await db.select({ id: comments.id, projectId: comments.projectId, project: titleOf, content: comments.content, createdAt: comments.createdAt }).from(comments).where(eq(comments.userId, userId)).orderBy(comments.id),
    ratings: await db.select({ projectId: ratings.projectId, project: titleOf, rating: ratings.rating, updatedAt: ratings.updatedAt }).from(ratings).where(eq(ratings.userId, userId)),
    likes: await db.select({ projectId: reactions.projectId, project: titleOf, type: reactions.type, createdAt: reactions.createdAt }).from(reactions).where(eq(reactions.userId, userId)),
    saves: await db.select({ projectId: saves.projectId, project: titleOf, createdAt: saves.createdAt }).from(saves).where(eq(saves.userId, userId)),
    shares: await db.select({ projectId: shares.projectId, project: titleOf, sharedAt: shares.sharedAt }).from(shares).where(eq(shares.userId, userId)),
    following: await db
      .select({ handle: users.handle, displayName: users.displayName, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followingId))
      .where(eq(follows.followerId, userId)),
    followers: await db
      .select({ handle: users.handle, displayName: users.displayName, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(eq(follows.followingId, userId)),
    notifications: await db
      .select({ type: notifications.type, title: notifications.title, message: notifications.message, link: notifications.link, read: notifications.read, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id),
    drafts: await db.select({ id: projectDrafts.id, data: projectDrafts.data, updatedAt: projectDrafts.updatedAt }).from(projectDrafts).where(and(eq(projectDrafts.userId, userId), eq(projectDrafts.deleted, false))),
    reports: await db.select({ type: reports.reportType, targetId: reports.targetId, reason: reports.reason, description: reports.description, status: reports.status, createdAt: reports.createdAt }).from(reports).where(eq(reports.reporterId, userId)),
  };
}
export type MemberData = Awaited<ReturnType<typeof collectMemberData>>;
