import { and, desc, eq, ne, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { comments, follows, projects, ratings, reactions, saves, shares, users } from '../../db/schema';
import { selectProjectViews, type ProjectViewRow } from '../projects/project-view';
import type { UserRow } from '../users/users.repository';

/*
 * Every counter below changes only in the transaction that inserts or deletes the row it counts, and
 * only when that insert or delete really happened (INSERT ... ON CONFLICT DO NOTHING RETURNING, DELETE
 * ... RETURNING), with an atomic `x = x + 1` on the project row. Never read-modify-write.
 */

export type ProjectAccessRow = {
  id: number;
  title: string;
  category: string;
  authorId: string;
  authorIsSuspended: boolean;
};

/** What the access rules need to know about a project, or undefined when it does not exist. */
export async function findProjectAccess(db: DbOrTx, id: number): Promise<ProjectAccessRow | undefined> {
  const [row] = await db
    .select({
      id: projects.id,
      title: projects.title,
      category: projects.category,
      authorId: projects.authorId,
      authorIsSuspended: users.isSuspended,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}

/** Answers whether the row was written (or removed) by this call, and the counter after it. */
export type CounterChange = { changed: boolean; count: number };

type Counter = 'reactionCount' | 'saveCount';

/**
 * Runs the write of one membership row (INSERT ... ON CONFLICT DO NOTHING / DELETE, RETURNING) and,
 * only when it touched a row, moves the project's counter: one statement, so one round trip and its
 * own transaction. The counter read when nothing changed is the statement's snapshot.
 */
async function counted(db: DbOrTx, projectId: number, column: Counter, by: 1 | -1, write: SQLWrapper): Promise<CounterChange> {
  const counter = sql.identifier(projects[column].name);
  const [row] = await rowsOf<{ changed: boolean; count: number }>(
    db,
    sql`
    WITH written AS (${write.getSQL()}), bumped AS (
      UPDATE ${projects} SET ${counter} = ${counter} + ${by}
      WHERE id = ${projectId} AND EXISTS (SELECT 1 FROM written)
      RETURNING ${counter} AS n
    )
    SELECT EXISTS (SELECT 1 FROM bumped) AS changed,
      coalesce((SELECT n FROM bumped), (SELECT ${counter} FROM ${projects} WHERE id = ${projectId}), 0)::int AS count`,
  );
  return { changed: row!.changed, count: Number(row!.count) };
}

export function addReaction(db: DbOrTx, userId: string, projectId: number, type: string): Promise<CounterChange> {
  return counted(db, projectId, 'reactionCount', 1, db.insert(reactions).values({ userId, projectId, type }).onConflictDoNothing().returning({ id: reactions.projectId }));
}

export function removeReaction(db: DbOrTx, userId: string, projectId: number): Promise<CounterChange> {
  return counted(db, projectId, 'reactionCount', -1, db.delete(reactions).where(and(eq(reactions.userId, userId), eq(reactions.projectId, projectId))).returning({ id: reactions.projectId }));
}

export function addSave(db: DbOrTx, userId: string, projectId: number): Promise<CounterChange> {
  return counted(db, projectId, 'saveCount', 1, db.insert(saves).values({ userId, projectId }).onConflictDoNothing().returning({ id: saves.projectId }));
}

export function removeSave(db: DbOrTx, userId: string, projectId: number): Promise<CounterChange> {
  return counted(db, projectId, 'saveCount', -1, db.delete(saves).where(and(eq(saves.userId, userId), eq(saves.projectId, projectId))).returning({ id: saves.projectId }));
}

export type RatingChange = { created: boolean; rating: number; ratingCount: number; ratingSum: number };

/**
 * Stores the member's rating. A first rating adds one to ratingCount and its stars to ratingSum; a
 * replacement locks the member's rating row, and moves ratingSum by the difference only.
 */
export function upsertRating(db: DbOrTx, userId: string, projectId: number, rating: number): Promise<RatingChange> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(ratings)
      .values({ userId, projectId, rating })
      .onConflictDoNothing()
      .returning({ rating: ratings.rating });
    let created = true;
    let delta = rating;
    if (inserted.length === 0) {
      created = false;
      const where = and(eq(ratings.userId, userId), eq(ratings.projectId, projectId));
      const [old] = await tx.select({ rating: ratings.rating }).from(ratings).where(where).for('update');
      if (old) {
        delta = rating - old.rating;
        await tx.update(ratings).set({ rating, updatedAt: new Date() }).where(where);
      } else {
        // Removed between the two statements (project or account deletion): nothing left to replace.
        delta = 0;
      }
    }
    const [row] = await tx
      .update(projects)
      .set({
        ratingCount: created ? sql`${projects.ratingCount} + 1` : projects.ratingCount,
        ratingSum: sql`${projects.ratingSum} + ${delta}`,
      })
      .where(eq(projects.id, projectId))
      .returning({ ratingCount: projects.ratingCount, ratingSum: projects.ratingSum });
    return { created, rating, ratingCount: row?.ratingCount ?? 0, ratingSum: row?.ratingSum ?? 0 };
  });
}

export async function findRating(db: DbOrTx, userId: string, projectId: number): Promise<number | null> {
  const [row] = await db
    .select({ rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.userId, userId), eq(ratings.projectId, projectId)));
  return row?.rating ?? null;
}

export type ShareChange = { created: boolean; shareCount: number; sharedAt: Date };

/** One row per sharer and project: a first share counts, sharing again only refreshes sharedAt. */
export function upsertShare(db: DbOrTx, userId: string, projectId: number, now: Date): Promise<ShareChange> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(shares)
      .values({ userId, projectId, sharedAt: now })
      .onConflictDoNothing()
      .returning({ sharedAt: shares.sharedAt });
    if (inserted.length > 0) {
      const [row] = await tx
        .update(projects)
        .set({ shareCount: sql`${projects.shareCount} + 1` })
        .where(eq(projects.id, projectId))
        .returning({ shareCount: projects.shareCount });
      return { created: true, shareCount: row?.shareCount ?? 0, sharedAt: now };
    }
    await tx
      .update(shares)
      .set({ sharedAt: now })
      .where(and(eq(shares.userId, userId), eq(shares.projectId, projectId)));
    const [row] = await tx.select({ shareCount: projects.shareCount }).from(projects).where(eq(projects.id, projectId));
    return { created: false, shareCount: row?.shareCount ?? 0, sharedAt: now };
  });
}

/** The columns of a comment with the card fields of its writer. */
const commentColumns = {
  id: comments.id,
  projectId: comments.projectId,
  content: comments.content,
  createdAt: comments.createdAt,
  userId: comments.userId,
  userDisplayName: users.displayName,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  userEmail: users.email,
  userHandle: users.handle,
  userAvatar: users.profileImageUrl,
  userIsPremium: users.isPremium,
  userPremiumExpiresAt: users.premiumExpiresAt,
};

export type CommentViewRow = {
  id: number;
  projectId: number;
  content: string;
  createdAt: Date;
  userId: string;
  userDisplayName: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
  userHandle: string;
  userAvatar: string | null;
  userIsPremium: boolean;
  userPremiumExpiresAt: Date | null;
};

/**
 * Stores a comment and counts it in one statement (its own transaction, one round trip); answers the
 * comment with its writer's fields, taken from the writer's row the request already holds.
 */
export async function insertComment(
  db: DbOrTx,
  values: { projectId: number; content: string },
  writer: Pick<UserRow, 'id' | 'displayName' | 'firstName' | 'lastName' | 'email' | 'handle' | 'profileImageUrl' | 'isPremium' | 'premiumExpiresAt'>,
): Promise<CommentViewRow> {
  const [row] = await rowsOf<{ id: number; created_at: Date | string }>(
    db,
    sql`
    WITH inserted AS (
      ${db.insert(comments).values({ ...values, userId: writer.id }).returning({ id: comments.id, created_at: comments.createdAt }).getSQL()}
    ), bumped AS (
      UPDATE ${projects} SET comment_count = comment_count + 1 WHERE id = ${values.projectId}
    )
    SELECT id, created_at FROM inserted`,
  );
  return {
    id: Number(row!.id),
    projectId: values.projectId,
    content: values.content,
    createdAt: new Date(row!.created_at),
    userId: writer.id,
    userDisplayName: writer.displayName,
    userFirstName: writer.firstName,
    userLastName: writer.lastName,
    userEmail: writer.email,
    userHandle: writer.handle,
    userAvatar: writer.profileImageUrl,
    userIsPremium: writer.isPremium,
    userPremiumExpiresAt: writer.premiumExpiresAt,
  };
}

/** A project's comments, newest first. */
export function listComments(db: DbOrTx, projectId: number, limit: number): Promise<CommentViewRow[]> {
  return db
    .select(commentColumns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.projectId, projectId))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

export type InteractionsRow = {
  isFollowing: boolean;
  hasReacted: boolean;
  hasSaved: boolean;
  authorFollowerCount: number;
  authorFollowingCount: number;
};

/** The member's follow, like and save state on one project, with the author's follow counts. */
export async function findInteractions(
  db: DbOrTx,
  userId: string,
  projectId: number,
  authorId: string,
): Promise<InteractionsRow> {
  const [row] = await db
    .select({
      isFollowing: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${userId} and ${follows.followingId} = ${users.id})`,
      hasReacted: sql<boolean>`exists (select 1 from ${reactions} where ${reactions.userId} = ${userId} and ${reactions.projectId} = ${projectId})`,
      hasSaved: sql<boolean>`exists (select 1 from ${saves} where ${saves.userId} = ${userId} and ${saves.projectId} = ${projectId})`,
      authorFollowerCount: users.followerCount,
      authorFollowingCount: users.followingCount,
    })
    .from(users)
    .where(eq(users.id, authorId));
  return (
    row ?? { isFollowing: false, hasReacted: false, hasSaved: false, authorFollowerCount: 0, authorFollowingCount: 0 }
  );
}

/**
 * The member's saved projects, most recently saved first. Projects of suspended authors are left out,
 * unless the member is an admin or the author.
 */
export function listSavedProjectViews(
  db: DbOrTx,
  userId: string,
  opts: { includeSuspended: boolean; limit: number },
): Promise<ProjectViewRow[]> {
  return selectProjectViews(db)
    .innerJoin(saves, and(eq(saves.projectId, projects.id), eq(saves.userId, userId)))
    .where(opts.includeSuspended ? undefined : or(eq(users.isSuspended, false), eq(projects.authorId, userId)))
    .orderBy(desc(saves.createdAt), desc(projects.id))
    .limit(opts.limit);
}

export type RecommendedRow = {
  id: number;
  title: string;
  thumbnail: string;
  viewCount: number;
  reactionCount: number;
  authorDisplayName: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorEmail: string | null;
};

/**
 * Other projects for the sidebar: same category or same author first, then by trending score and
 * recency. Never the project itself, never by a suspended author.
 */
export function listRecommendedFor(
  db: DbOrTx,
  project: { id: number; category: string; authorId: string },
  limit: number,
): Promise<RecommendedRow[]> {
  const related = sql`case when ${projects.category} = ${project.category} or ${projects.authorId} = ${project.authorId} then 0 else 1 end`;
  return db
    .select({
      id: projects.id,
      title: projects.title,
      thumbnail: projects.thumbnail,
      viewCount: projects.viewCount,
      reactionCount: projects.reactionCount,
      authorDisplayName: users.displayName,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      authorEmail: users.email,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(and(ne(projects.id, project.id), eq(users.isSuspended, false)))
    .orderBy(related, desc(projects.trendingScore), desc(projects.createdAt), desc(projects.id))
    .limit(limit);
}
