import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { userHiddenSql } from '../../../access/visibility-sql';
import { arrayParam, preparedSql } from '../../../db/prepared';
import { rowsOf } from '../../../db/rows';
import { AUTHOR_NAME, lexemesOfSql } from '../discovery.repository';
import type { IndexedComment, IndexedProject, IndexedUser } from './search-index';

/** The lexemes of `w`, the word column of the statements below. */
const STEMS_OF_W = lexemesOfSql(sql.raw('w'));

type ProjectRow = { id: number; title: string; trendingScore: number | null; authorId: string; document: string; titleEnd: number };

/**
 * What the index keeps of projects. The title's last place in its own document tells which of the
 * stored document's words are the title's (they come first).
 */
const PROJECT_COLUMNS = sql`p.id, p.title, p.trending_score AS "trendingScore", p.author_id AS "authorId",
  p.search_document::text AS document,
  coalesce((SELECT max(x) FROM unnest(to_tsvector('english', p.title)) t, unnest(t.positions) x), 0)::int AS "titleEnd"`;

const asProject = (r: ProjectRow): IndexedProject => ({
  ...r,
  id: Number(r.id),
  trendingScore: r.trendingScore === null ? null : Number(r.trendingScore),
  titleEnd: Number(r.titleEnd),
});

/** Projects after an id, in id order: the index loads in batches. */
export async function readProjectsAfter(db: DbOrTx, afterId: number, limit: number): Promise<IndexedProject[]> {
  const rows = await rowsOf<ProjectRow>(db, sql`SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.id > ${afterId} ORDER BY p.id LIMIT ${limit}`);
  return rows.map(asProject);
}

type UserRow = { id: string; name: string; isHidden: boolean; isPremium: boolean; premiumExpiresAt: Date | string | null };

const asUser = (r: UserRow): IndexedUser => ({ ...r, premiumExpiresAt: r.premiumExpiresAt === null ? null : new Date(r.premiumExpiresAt) });

const usersWhere = (where: SQL) => sql`SELECT u.id, ${AUTHOR_NAME} AS name, ${userHiddenSql('u')} AS "isHidden", u.is_premium AS "isPremium",
  u.premium_expires_at AS "premiumExpiresAt" FROM users u WHERE ${where}`;

export async function readAllUsers(db: DbOrTx): Promise<IndexedUser[]> {
  return (await rowsOf<UserRow>(db, usersWhere(sql`true`))).map(asUser);
}

/**
 * Where a load's first look starts: the oldest transaction still running (every change made by an
 * older one is visible now), as a snapshot that saw nothing from there on, the horizon
 * readChangesSince takes. As text: an xid8 exceeds a JavaScript number's exact range.
 */
export async function readChangeHorizon(db: DbOrTx): Promise<string> {
  const [row] = await rowsOf<{ horizon: string }>(
    db,
    sql`SELECT pg_snapshot_xmin(s)::text || ':' || pg_snapshot_xmin(s)::text || ':' AS horizon FROM pg_current_snapshot() AS s`,
  );
  return row!.horizon;
}

type CommentRow = { id: number; userId: string; projectId: number; createdAtMicros: number | string; document: string };

const COMMENT_COLUMNS = sql`c.id, c.user_id AS "userId", c.project_id AS "projectId",
  (extract(epoch FROM c.created_at) * 1000000)::float8 AS "createdAtMicros", c.search_document::text AS document`;

const asComment = (r: CommentRow): IndexedComment => ({ ...r, id: Number(r.id), projectId: Number(r.projectId), createdAtMicros: Number(r.createdAtMicros) });

/** Comments after an id, in id order: the index loads in batches. */
export async function readCommentsAfter(db: DbOrTx, afterId: number, limit: number): Promise<IndexedComment[]> {
  const rows = await rowsOf<CommentRow>(db, sql`SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.id > ${afterId} ORDER BY c.id LIMIT ${limit}`);
  return rows.map(asComment);
}

export type SearchChanges = {
  horizon: string;
  /** The ids changed: those of rows still there, and of rows gone. */
  projects: number[];
  comments: number[];
  users: string[];
  /** The changed rows still there, as the index keeps them, read in the same snapshot. */
  projectRows: IndexedProject[];
  commentRows: IndexedComment[];
  userRows: IndexedUser[];
  reload: boolean;
  /** The lexemes of the words asked for with the look (readStems). */
  stems: Map<string, string[]>;
};

/**
 * What changed since a horizon (the ids, and the rows still there as the index keeps them), and the
 * next horizon; with the stems of `words` (readStems), which the searches waiting for this look need
 * next: one round trip for all of it. Prepared: asked before
 * every search. A horizon is the snapshot of the look before (pg_snapshot as text): its changes are
 * those of transactions it did not see, those running then and those begun since. So a transaction
 * that stays open (a bulk refresh, an operator's session) does not make every look read again all
 * that committed after it began.
 */
export async function readChangesSince(db: DbOrTx, horizon: string, words: readonly string[] = []): Promise<SearchChanges> {
  type Row = {
    horizon: string;
    projects: number[] | null;
    comments: number[] | null;
    users: string[] | null;
    projectRows: ProjectRow[] | null;
    commentRows: CommentRow[] | null;
    userRows: UserRow[] | null;
    reload: boolean;
    stems: Record<string, string[]> | null;
  };
  // The changed rows come with their ids (one round trip a look, not two), each looked up by its key:
  // OFFSET 0 keeps the LATERAL read from being made a join, which a plan kept for the statement could
  // make a scan of the whole table when it guesses many changes.
  const rowsOfChanged = (column: string, read: SQL) =>
    sql`(SELECT json_agg(r) FROM (SELECT DISTINCT ${sql.raw(column)} AS id FROM changed WHERE ${sql.raw(column)} IS NOT NULL) x, LATERAL (${read} OFFSET 0) r)`;
  const [row] = await preparedSql<Row>(
    db,
    'search_index_changes',
    () => sql`
    -- The horizon read through a sub-select and bounded above, so that every plan is the same (kept
    -- once made: see arrayParam) and index scans whatever the table's size; no transaction at or
    -- past this snapshot's xmax is visible to it anyway. Rows of a transaction still running are
    -- not visible either: it stays in the next horizon's list.
    WITH before AS (SELECT ${sql.placeholder('horizon')}::pg_snapshot AS s),
    changed AS MATERIALIZED (
      SELECT project_id, comment_id, user_id FROM search_changes
      WHERE tx >= (SELECT pg_snapshot_xmax(s) FROM before) AND tx < pg_snapshot_xmax(pg_current_snapshot())
      UNION ALL
      SELECT project_id, comment_id, user_id FROM search_changes
      WHERE tx IN (SELECT pg_snapshot_xip(s) FROM before)
    )
    SELECT pg_current_snapshot()::text AS horizon,
      (SELECT array_agg(DISTINCT project_id) FROM changed WHERE project_id IS NOT NULL) AS projects,
      (SELECT array_agg(DISTINCT comment_id) FROM changed WHERE comment_id IS NOT NULL) AS comments,
      (SELECT array_agg(DISTINCT user_id)::text[] FROM changed WHERE user_id IS NOT NULL) AS users,
      ${rowsOfChanged('project_id', sql`SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.id = x.id`)} AS "projectRows",
      ${rowsOfChanged('comment_id', sql`SELECT ${COMMENT_COLUMNS} FROM comments c WHERE c.id = x.id`)} AS "commentRows",
      ${rowsOfChanged('user_id', usersWhere(sql`u.id = x.id`))} AS "userRows",
      EXISTS (SELECT 1 FROM changed WHERE project_id IS NULL AND comment_id IS NULL AND user_id IS NULL) AS reload,
      (SELECT json_object_agg(w, ${STEMS_OF_W}) FROM unnest(${arrayParam('words', 'text')}) AS w) AS stems`,
  )({ horizon, words: [...words] });
  return {
    horizon: row!.horizon,
    projects: (row!.projects ?? []).map(Number),
    comments: (row!.comments ?? []).map(Number),
    users: row!.users ?? [],
    projectRows: (row!.projectRows ?? []).map(asProject),
    commentRows: (row!.commentRows ?? []).map(asComment),
    userRows: (row!.userRows ?? []).map(asUser),
    reload: row!.reload,
    stems: new Map(Object.entries(row!.stems ?? {})),
  };
}

/** Forgets changes older than every instance reads (an instance that looked longer ago reloads). */
export async function pruneSearchChanges(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.execute(sql`DELETE FROM search_changes WHERE at < ${olderThan}`);
}

/** Each word's lexemes as the English configuration stems it (none for a stop word). */
export async function readStems(db: DbOrTx, words: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (words.length === 0) return out;
  const rows = await preparedSql<{ word: string; lexemes: string[] }>(
    db,
    'search_index_stems',
    () => sql`SELECT w AS word, ${STEMS_OF_W} AS lexemes FROM unnest(${arrayParam('words', 'text')}) AS w`,
  )({ words: [...words] });
  for (const r of rows) out.set(r.word, r.lexemes);
  return out;
}
