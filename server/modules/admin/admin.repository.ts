import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { TAdminUsersQuery } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { recountFollowCounters, recountProjectCounters } from '../../db/recount';
import { rowsOf } from '../../db/rows';
import { trendingScoreSql } from '../discovery/trending-score';
import { adminAuditLog, blogPosts, follows, projects, reports, users } from '../../db/schema';

export type NewAuditRow = typeof adminAuditLog.$inferInsert;

/** Substring search on name, handle and email; each side matches a trigram index of users. */
function userSearch(q: string): SQL | undefined {
  if (!q) return undefined;
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`lower(coalesce(${users.displayName}, '') || ' ' || coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) LIKE ${like}`,
    sql`lower(${users.handle}) LIKE ${like}`,
    sql`lower(coalesce(${users.email}, '')) LIKE ${like}`,
  );
}

function userFilter(query: Pick<TAdminUsersQuery, 'q' | 'status'>): SQL | undefined {
  const status =
    query.status === 'suspended' ? eq(users.isSuspended, true) : query.status === 'active' ? eq(users.isSuspended, false) : undefined;
  return and(userSearch(query.q), status);
}

/** One page of users, newest first, and how many match in all. */
export async function pageUsers(db: DbOrTx, query: TAdminUsersQuery) {
  const where = userFilter(query);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total!.n };
}

export async function countStats(db: DbOrTx) {
  const [u] = await db
    .select({ total: count(), suspended: sql<number>`count(*) FILTER (WHERE ${users.isSuspended})`.mapWith(Number) })
    .from(users);
  const [r] = await db
    .select({ total: count(), pending: sql<number>`count(*) FILTER (WHERE ${reports.status} = 'pending')`.mapWith(Number) })
    .from(reports);
  const [b] = await db.select({ n: count() }).from(blogPosts);
  return {
    totalUsers: u!.total,
    activeUsers: u!.total - u!.suspended,
    suspendedUsers: u!.suspended,
    pendingReports: r!.pending,
    totalReports: r!.total,
    blogPosts: b!.n,
  };
}

/**
 * Locks every admin row (so two admins removing each other are serialised) and answers how many
 * active admins there are besides `exceptUserId`.
 */
export async function lockOtherActiveAdmins(db: DbOrTx, exceptUserId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id, isSuspended: users.isSuspended })
    .from(users)
    .where(eq(users.isAdmin, true))
    .for('update');
  return rows.filter((r) => r.id !== exceptUserId && !r.isSuspended).length;
}

export async function insertAudit(db: DbOrTx, row: NewAuditRow): Promise<void> {
  await db.insert(adminAuditLog).values(row);
}

/** What was done to a user, and what they did as an admin; newest first. */
export function listAuditForUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(adminAuditLog)
    .where(or(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, userId)), eq(adminAuditLog.actorId, userId)))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}

export async function countProjectsByAuthor(db: DbOrTx, authorId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.authorId, authorId));
  return row!.n;
}

/** What deleting a user touches beyond their own rows: the counters to recompute and the bytes to remove. */
export async function collectUserFootprint(db: DbOrTx, userId: string) {
  const own = await db
    .select({ id: projects.id, thumbnail: projects.thumbnail })
    .from(projects)
    .where(eq(projects.authorId, userId));
  const touched = await rowsOf<{ project_id: number }>(db, sql`
    SELECT project_id FROM reactions WHERE user_id = ${userId}
    UNION SELECT project_id FROM saves WHERE user_id = ${userId}
    UNION SELECT project_id FROM ratings WHERE user_id = ${userId}
    UNION SELECT project_id FROM comments WHERE user_id = ${userId}
    UNION SELECT project_id FROM shares WHERE user_id = ${userId}`);
  const ownIds = new Set(own.map((p) => p.id));
  const otherProjectIds = touched
    .map((r) => Number(r.project_id))
    .filter((id) => !ownIds.has(id));
  const followRows = await db
    .select({ followerId: follows.followerId, followingId: follows.followingId })
    .from(follows)
    .where(or(eq(follows.followerId, userId), eq(follows.followingId, userId)));
  const otherUserIds = [...new Set(followRows.map((f) => (f.followerId === userId ? f.followingId : f.followerId)))].filter(
    (id) => id !== userId,
  );
  return { ownProjects: own, otherProjectIds, otherUserIds };
}

export async function deleteUserRow(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Recomputes the interaction counters of these projects from the rows they count, and their scores. */
export async function recountProjects(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await recountProjectCounters(db, ids);
  // Their trending scores follow the counters at once rather than at the next bulk refresh.
  await db.execute(sql`
    UPDATE projects p SET trending_score = ${trendingScoreSql()}
    FROM users u
    WHERE u.id = p.author_id AND p.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}

/** Recomputes the follow counters of these users. */
export const recountFollows = (db: DbOrTx, ids: string[]): Promise<void> => recountFollowCounters(db, ids);
