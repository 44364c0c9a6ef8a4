import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { authorDeletedColumn, authorHiddenColumn, authorVisible, authorVisibleOrOwnedBy, userHiddenSql, userVisibleSql } from '../../access/visibility-sql';
import type { DbOrTx } from '../../db/client';
import { isolatedBatchOf } from '../../db/batch-per-turn';
import { arrayParam, preparedSql } from '../../db/prepared';
import { comments, follows, projects, ratings, reactions, saves, shares, users } from '../../db/schema';
import { trendingScoreWithSql, type ScoreCounter } from '../discovery/trending-score';
import { previewOriginParam, selectProjectViews, type ProjectViewRow } from '../projects/project-view';
import { publicNameSql } from '../projects/project-card-sql';
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
  authorIsDeleted: boolean;
};

/** What the access rules need to know about a project, or undefined when it does not exist. */
export async function findProjectAccess(db: DbOrTx, id: number): Promise<ProjectAccessRow | undefined> {
  const [row] = await db
    .select({
      id: projects.id,
      title: projects.title,
      category: projects.category,
      authorId: projects.authorId,
      authorIsSuspended: authorHiddenColumn,
      authorIsDeleted: authorDeletedColumn,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(eq(projects.id, id))
    .limit(1);
  return row;
}

/**
 * Answers whether the row was written (or removed) by this call, the counter after it, and the
 * project's access state as the statement saw it (undefined when the project does not exist).
 */
export type CounterChange = { changed: boolean; count: number } & WithTarget;
/** A write's answer that carries the project's access state (undefined when it does not exist). */
export type WithTarget = { target: { authorId: string; authorIsSuspended: boolean } | undefined };

type CountedWrite = 'add_reaction' | 'remove_reaction' | 'add_save' | 'remove_save';

/**
 * Each item's project with its access state, as the CTE `target` over the batch's CTE `input` (`ord`,
 * `project_id`, `any_author`): `open` when the write may happen, because the author is not suspended or
 * the access policy already allowed this member (`any_author`, see writeWhereVisible).
 */
const targetOfInput = () => sql`target AS (
      SELECT i.ord, p.id, p.author_id, ${userHiddenSql('u')} AS author_hidden, (${userVisibleSql('u')} OR i.any_author) AS open
      FROM input i JOIN projects p ON p.id = i.project_id JOIN users u ON u.id = p.author_id
    )`;

type TargetColumns = { authorId: string | null; authorIsSuspended: boolean | null };
const targetOf = (row: TargetColumns): CounterChange['target'] =>
  row.authorId === null ? undefined : { authorId: row.authorId, authorIsSuspended: !!row.authorIsSuspended };

/**
 * Projects row `p`'s `counter` moved by `by` for each row of the statement's CTE `rows` about it (SQL over
 * the old row, for an UPDATE that sets the counter and the trending score together).
 */
const counterMovedBy = (counter: ScoreCounter, by: 1 | -1, rows: 'written' | 'inserted') =>
  `p.${counter} + ${by} * (SELECT count(*) FROM ${rows} r WHERE r.project_id = p.id)`;

/**
 * The membership writes, over the CTEs `input` (the batch's items, with `ord`) and `target` (each item's
 * project, `open` when it may be written); each answers the (user_id, project_id) pairs it touched.
 */
const COUNTED_WRITES: Record<CountedWrite, { counter: ScoreCounter; by: 1 | -1; write: () => SQL }> = {
  add_reaction: {
    counter: 'reaction_count',
    by: 1,
    write: () => sql`INSERT INTO reactions (user_id, project_id, type) SELECT i.user_id, t.id, i.type FROM input i JOIN target t ON t.ord = i.ord WHERE t.open ON CONFLICT DO NOTHING RETURNING user_id, project_id`,
  },
  remove_reaction: {
    counter: 'reaction_count',
    by: -1,
    write: () => sql`DELETE FROM reactions r USING input i JOIN target t ON t.ord = i.ord WHERE t.open AND r.user_id = i.user_id AND r.project_id = t.id RETURNING r.user_id, r.project_id`,
  },
  add_save: {
    counter: 'save_count',
    by: 1,
    write: () => sql`INSERT INTO saves (user_id, project_id) SELECT i.user_id, t.id FROM input i JOIN target t ON t.ord = i.ord WHERE t.open ON CONFLICT DO NOTHING RETURNING user_id, project_id`,
  },
  remove_save: {
    counter: 'save_count',
    by: -1,
    write: () => sql`DELETE FROM saves s USING input i JOIN target t ON t.ord = i.ord WHERE t.open AND s.user_id = i.user_id AND s.project_id = t.id RETURNING s.user_id, s.project_id`,
  },
};

type CountedItem = { userId: string; projectId: number; anyAuthor: boolean; type?: string };
type CountedRow = TargetColumns & { changed: boolean; count: number };

/**
 * The membership writes of one turn of the event loop, one statement per kind (its own transaction,
 * one round trip): each item's row written only when its target is open (targetOfInput), and each
 * project's counter moved by the rows really touched, over the sorted project ids (two batches lock
 * their projects in the same order). An item changed its row only when it is the first of the batch
 * for that member and project (a double click in one turn counts once). The counter read when nothing
 * changed is the statement's snapshot.
 */
function countedMany(db: DbOrTx, kind: CountedWrite) {
  const { counter, by, write } = COUNTED_WRITES[kind];
  return preparedSql<CountedRow>(db, `counted_many_${kind}`, () => {
    const column = sql.raw(counter);
    // The counter's new value, and the trending score with it, in the same row update (no second write).
    const next = counterMovedBy(counter, by, 'written');
    return sql`
    WITH input AS (
      SELECT * FROM unnest(${arrayParam('userIds', 'uuid')}, ${arrayParam('projectIds', 'int')}, ${arrayParam('anyAuthors', 'boolean')}, ${arrayParam('types', 'text')})
        WITH ORDINALITY AS i(user_id, project_id, any_author, type, ord)
    ), ${targetOfInput()}, written AS (${write()}), bumped AS (
      UPDATE projects p SET ${column} = ${sql.raw(next)}, trending_score = ${trendingScoreWithSql(counter, next)}
      WHERE p.id = ANY(ARRAY(SELECT DISTINCT project_id FROM written ORDER BY 1))
      RETURNING p.id, p.${column} AS n
    )
    SELECT t.author_id AS "authorId", t.author_hidden AS "authorIsSuspended",
      (EXISTS (SELECT 1 FROM written w WHERE w.user_id = i.user_id AND w.project_id = i.project_id)
        AND i.ord = (SELECT min(j.ord) FROM input j WHERE j.user_id = i.user_id AND j.project_id = i.project_id)) AS changed,
      coalesce((SELECT n FROM bumped b WHERE b.id = i.project_id), (SELECT ${column} FROM projects WHERE id = i.project_id), 0)::int AS count
    FROM input i LEFT JOIN target t ON t.ord = i.ord
    ORDER BY i.ord`;
  });
}

async function counted(db: DbOrTx, kind: CountedWrite, item: CountedItem): Promise<CounterChange> {
  const batch = isolatedBatchOf(db, `counted_${kind}`, (items: CountedItem[]) =>
    countedMany(db, kind)({
      userIds: items.map((i) => i.userId),
      projectIds: items.map((i) => i.projectId),
      anyAuthors: items.map((i) => i.anyAuthor),
      types: items.map((i) => i.type ?? null),
    }),
  );
  const row = await batch.run(item);
  return { changed: row.changed, count: Number(row.count), target: targetOf(row) };
}

export function addReaction(db: DbOrTx, userId: string, projectId: number, type: string, anyAuthor: boolean): Promise<CounterChange> {
  return counted(db, 'add_reaction', { userId, projectId, type, anyAuthor });
}

export function removeReaction(db: DbOrTx, userId: string, projectId: number, anyAuthor: boolean): Promise<CounterChange> {
  return counted(db, 'remove_reaction', { userId, projectId, anyAuthor });
}

export function addSave(db: DbOrTx, userId: string, projectId: number, anyAuthor: boolean): Promise<CounterChange> {
  return counted(db, 'add_save', { userId, projectId, anyAuthor });
}

export function removeSave(db: DbOrTx, userId: string, projectId: number, anyAuthor: boolean): Promise<CounterChange> {
  return counted(db, 'remove_save', { userId, projectId, anyAuthor });
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

type CommentInsert = { projectId: number; userId: string; content: string; anyAuthor: boolean };
type CommentInserted = TargetColumns & { id: number | null; created_at: Date | string | null };

/**
 * Comments posted in one turn of the event loop, stored and counted by one statement (its own
 * transaction, one round trip): each with its project's access state (targetOfInput), the ids
 * drawn first so each answer finds its own row. The counters move over the sorted project ids, so two
 * batches lock their projects in the same order.
 */
/** A project's comment count with the batch's new comments (the CTE `inserted`), over its old row. */
const NEXT_COMMENT_COUNT = counterMovedBy('comment_count', 1, 'inserted');

const insertComments = (db: DbOrTx) =>
  preparedSql<CommentInserted>(db, 'insert_comments', () => sql`
    WITH input AS (
      SELECT * FROM unnest(${arrayParam('projectIds', 'int')}, ${arrayParam('userIds', 'uuid')}, ${arrayParam('contents', 'text')}, ${arrayParam('anyAuthors', 'boolean')})
        WITH ORDINALITY AS i(project_id, user_id, content, any_author, ord)
    ), ${targetOfInput()}, numbered AS MATERIALIZED (
      SELECT i.ord, nextval(pg_get_serial_sequence('comments', 'id')) AS id, i.project_id, i.user_id, i.content
      FROM input i JOIN target t ON t.ord = i.ord WHERE t.open ORDER BY i.ord
    ), inserted AS (
      INSERT INTO comments (id, project_id, user_id, content)
      SELECT id, project_id, user_id, content FROM numbered
      RETURNING id, project_id, created_at
    ), bumped AS (
      UPDATE projects p SET comment_count = ${sql.raw(NEXT_COMMENT_COUNT)}, trending_score = ${trendingScoreWithSql('comment_count', NEXT_COMMENT_COUNT)}
      WHERE p.id = ANY(ARRAY(SELECT DISTINCT project_id FROM numbered ORDER BY 1))
    )
    SELECT t.author_id AS "authorId", t.author_hidden AS "authorIsSuspended", n.id::int AS id, c.created_at
    FROM input i LEFT JOIN target t ON t.ord = i.ord LEFT JOIN numbered n ON n.ord = i.ord LEFT JOIN inserted c ON c.id = n.id
    ORDER BY i.ord`);

/** The comment batch of a database handle (see IsolatedBatch: a failed batch runs again comment by comment). */
const commentBatch = (db: DbOrTx) =>
  isolatedBatchOf(db, 'insert_comments', (items: CommentInsert[]) =>
    insertComments(db)({
      projectIds: items.map((c) => c.projectId),
      userIds: items.map((c) => c.userId),
      contents: items.map((c) => c.content),
      anyAuthors: items.map((c) => c.anyAuthor),
    }),
  );

/**
 * Stores a comment and counts it (batched with the comments of the same turn, see insertComments);
 * answers the comment with its writer's fields, taken from the writer's row the request already holds.
 */
export async function insertComment(
  db: DbOrTx,
  values: { projectId: number; content: string; anyAuthor: boolean },
  writer: Pick<UserRow, 'id' | 'displayName' | 'firstName' | 'lastName' | 'email' | 'handle' | 'profileImageUrl' | 'isPremium' | 'premiumExpiresAt'>,
): Promise<{ comment: CommentViewRow | null } & WithTarget> {
  const row = await commentBatch(db).run({ ...values, userId: writer.id });
  if (row.id === null || row.created_at === null) return { comment: null, target: targetOf(row) };
  const comment: CommentViewRow = {
    id: Number(row.id),
    projectId: values.projectId,
    content: values.content,
    createdAt: new Date(row.created_at),
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
  return { comment, target: targetOf(row) };
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
  opts: { includeSuspended: boolean; limit: number; previewOrigin: string | undefined },
): Promise<ProjectViewRow[]> {
  return selectProjectViews(db, previewOriginParam(opts.previewOrigin))
    .innerJoin(saves, and(eq(saves.projectId, projects.id), eq(saves.userId, userId)))
    .where(opts.includeSuspended ? undefined : authorVisibleOrOwnedBy(projects.authorId, userId))
    .orderBy(desc(saves.createdAt), desc(projects.id))
    .limit(opts.limit);
}

export type RecommendedRow = {
  id: number;
  title: string;
  thumbnail: string;
  viewCount: number;
  reactionCount: number;
  authorName: string;
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
      authorName: sql<string>`${publicNameSql('users.display_name', 'users.first_name', 'users.last_name')}`,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(and(ne(projects.id, project.id), authorVisible()))
    .orderBy(related, desc(projects.trendingScore), desc(projects.createdAt), desc(projects.id))
    .limit(limit);
}

/** A project's like count as committed now (a write that changed nothing read an older snapshot). */
export async function readReactionCount(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db.select({ n: projects.reactionCount }).from(projects).where(eq(projects.id, projectId));
  return row?.n ?? 0;
}
