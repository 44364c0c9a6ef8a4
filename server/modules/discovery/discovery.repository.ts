import { eq, sql, type SQL } from 'drizzle-orm';
import type { TProject } from '@shared/schemas/project';
import { RECOMMENDED_LIMIT_MAX, RECOMMENDED_OFFSET_MAX } from '@shared/constants';
import type { DbOrTx } from '../../db/client';
import { isoSql } from '../../db/iso-sql';
import { arrayParam, preparedSql } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { projects, users } from '../../db/schema';
import { projectCardJsonSql, publicNameSql, visibleCardsJsonSql } from '../projects/project-card-sql';
import { previewOriginOf, previewOriginParam, projectCardColumn } from '../projects/project-view';
import { PREMIUM_NOW_SQL, premiumEndedSinceSql } from '../../access/premium';
import { authorVisible, userHiddenSql, userVisibleSql } from '../../access/visibility-sql';
import { RANKING_REASON_BITS as BIT, reasonsJsonSql } from './ranking-reasons';
import { boostedInScoreSql, trendingScoreSql } from './trending-score';

// ---------------------------------------------------------------------------------------------------
// Trending scores

/**
 * Recomputes these projects' stored trending scores (after likes, comments, ratings, shares, edits...):
 * one prepared statement for a whole batch of events.
 */
export async function refreshTrendingScores(db: DbOrTx, projectIds: readonly number[]): Promise<void> {
  if (projectIds.length === 0) return;
  await preparedSql(db, 'refresh_trending_scores', () => sql`
    UPDATE projects p SET trending_score = ${trendingScoreSql()}
    FROM users u
    WHERE u.id = p.author_id AND p.id = ANY(${arrayParam('ids', 'int')})`)({ ids: [...new Set(projectIds)] });
}

/** The advisory lock key of the bulk refresh: one instance at a time runs it (any 64-bit constant). */
export const TRENDING_REFRESH_LOCK = 7_361_402_911;

/**
 * Project ids a statement of the recomputation of every score covers. A statement writing more than
 * 5,000 project rows makes every instance reload its whole search index (migration 0023's trigger),
 * meant for bulk loads: the recomputation (the scores changed since can be many thousands) must stay
 * under it, so that instances read only the rows it changed.
 */
export const TRENDING_REFRESH_BATCH_IDS = 5_000;

/**
 * Rescores the projects of authors whose premium ended by time since `since` (no write tells of it: the
 * end date passes). Every other change stores its score with it (interactions, views, events); writing
 * only the rows whose score changed. Answers how many rows changed.
 */
export function rescoreEndedPremium(db: DbOrTx, since: Date): Promise<number> {
  return rescoreChanged(db, premiumEndedSinceSql('u', since));
}

/** Rescores the projects `where` selects (projects row p, its author u), writing only the rows whose score changed; answers how many. */
async function rescoreChanged(db: DbOrTx, where: SQL): Promise<number> {
  const result = (await db.execute(sql`
    UPDATE projects p SET trending_score = ${trendingScoreSql()}
    FROM users u
    WHERE u.id = p.author_id AND ${where} AND p.trending_score IS DISTINCT FROM ${trendingScoreSql()}`)) as unknown as { rowCount: number | null };
  return result.rowCount ?? 0;
}

/**
 * Recomputes every stored score, writing only the rows whose score changed (counters changed in SQL
 * alone, bulk loads, a score formula changed), a range of TRENDING_REFRESH_BATCH_IDS ids a statement. The score is
 * computed in the UPDATE itself from the row being written, so a row changed by a request while the
 * refresh runs is re-read (PostgreSQL re-evaluates a concurrently updated row) and never overwritten with
 * a score of its older counters. Runs under a transaction-level advisory lock: when another instance is
 * already refreshing, this one skips (answers null). Answers how many rows changed.
 */
export async function refreshAllTrendingScores(db: DbOrTx): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${TRENDING_REFRESH_LOCK}) AS locked`);
    if (!lock?.locked) return null;
    const [range] = await rowsOf<{ low: number | null; high: number | null }>(tx, sql`SELECT min(id) AS low, max(id) AS high FROM projects`);
    if (!range || range.low === null || range.high === null) return 0;
    let changed = 0;
    for (let from = Number(range.low); from <= Number(range.high); from += TRENDING_REFRESH_BATCH_IDS) {
      changed += await rescoreChanged(tx, sql`p.id >= ${from} AND p.id < ${from + TRENDING_REFRESH_BATCH_IDS}`);
    }
    return changed;
  });
}

/**
 * Best trending score first, each card with whether its stored score carries the premium boost;
 * projects of suspended authors are left out.
 */
export function trendingProjectCardsQuery(db: DbOrTx, limit: number, previewOrigin: string | undefined) {
  return db
    .select({ card: projectCardColumn(previewOriginParam(previewOrigin)), boosted: sql<boolean>`${boostedInScoreSql('projects')}` })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.authorId))
    .where(authorVisible())
    .orderBy(sql`${projects.trendingScore} DESC NULLS LAST`, sql`${projects.id} DESC NULLS LAST`)
    .limit(limit);
}

export function listTrendingProjectCards(db: DbOrTx, limit: number, previewOrigin: string | undefined): Promise<{ card: TProject; boosted: boolean }[]> {
  return trendingProjectCardsQuery(db, limit, previewOrigin);
}

/** A search's page as the database writes it, and the projects its comments are on (the search cache drops answers by project). */
export type SearchResultsJson = { json: string; commentProjectIds: number[] };

/**
 * A search's answer (TSearchResults) as JSON text, written by the database in one prepared statement:
 * the projects' cards in the order of their ids (missing ones and suspended authors' left out) and
 * the comments with their writers' public names, in the order of theirs.
 */
export async function searchResultsJson(
  db: DbOrTx,
  projectIds: readonly number[],
  commentIds: readonly number[],
  previewOrigin: string | undefined,
): Promise<SearchResultsJson> {
  const [row] = await preparedSql<{ json: string; commentProjectIds: number[] | null }>(db, 'search_results_json', () => sql`
    WITH shown AS (
      SELECT x.n, m.project_id, json_build_object(
        'id', m.id, 'content', m.content, 'userName', ${publicNameSql('cu.display_name', 'cu.first_name', 'cu.last_name')},
        'userAvatar', cu.profile_image_url, 'createdAt', ${isoSql('m.created_at')}, 'projectId', m.project_id) AS comment
      FROM unnest(${arrayParam('commentIds', 'int')}) WITH ORDINALITY AS x(id, n)
      JOIN comments m ON m.id = x.id JOIN users cu ON cu.id = m.user_id
    )
    SELECT '{"projects":' || ${visibleCardsJsonSql(sql`${arrayParam('projectIds', 'int')}`, sql`${sql.placeholder('previewOrigin')}`)}
        || ',"comments":' || (SELECT coalesce(json_agg(comment ORDER BY n), '[]')::text FROM shown) || '}' AS json,
      (SELECT array_agg(project_id ORDER BY n) FROM shown) AS "commentProjectIds"`)({
    projectIds: [...projectIds],
    commentIds: [...commentIds],
    previewOrigin: previewOriginOf(previewOrigin),
  });
  return { json: row!.json, commentProjectIds: (row!.commentProjectIds ?? []).map(Number) };
}

/** The cards of a slice of a ranking, each with its ranking reasons (none for a ranking stored before reasons were). */
export async function findRankedProjectCardsJson(db: DbOrTx, ranked: RankedIds, previewOrigin: string | undefined): Promise<string> {
  if (ranked.ids.length === 0) return '[]';
  const [row] = await preparedSql<{ json: string }>(db, 'ranked_project_cards_json', () => sql`
    SELECT ${visibleCardsJsonSql(sql`${arrayParam('ids', 'int')}`, sql`${sql.placeholder('previewOrigin')}`, RANKED_CARD_REASONS(sql`${arrayParam('reasons', 'smallint')}`))} AS json`)({
    ids: [...ranked.ids],
    reasons: ranked.reasons ?? [],
    previewOrigin: previewOriginOf(previewOrigin),
  });
  return row!.json;
}

/** What visibleCardsJsonSql needs to add a ranking's reasons to its cards. */
const RANKED_CARD_REASONS = (reasonBits: SQL) => ({ reasonBits, reasons: reasonsJsonSql(sql.raw('wanted.reasons')) });

// ---------------------------------------------------------------------------------------------------
// Following feed

/** The following feed as written by the database, with what it depends on (for the cache). */
export type FollowingFeed = { json: string; projectIds: number[]; followedIds: string[] };

/**
 * The member's following feed as the JSON text of GET /api/projects/following (TProject[], a share
 * carrying sharedBy, sharedByName and sharedAt), cards written by the database, in one prepared
 * statement: projects authored by people they follow and projects those people shared, one item per
 * project at its newest activity (a share carries its sharer), newest first. Never the member's own
 * projects; suspended authors and suspended sharers are left out. Each followee contributes at most
 * `limit` projects and `limit` shares (their newest eligible ones, index-only from projects_author_idx
 * and shares_user_shared_idx), which cannot change the feed's first `limit` items: a project pushed out
 * of a source's newest `limit` has `limit` distinct projects with newer activity ahead of it. Also
 * answers the ids of the projects listed and of the people followed.
 */
export async function listFollowingJson(db: DbOrTx, userId: string, limit: number, previewOrigin: string | undefined): Promise<FollowingFeed> {
  const [row] = await preparedSql<FollowingFeed>(db, 'following_json', () => {
    const member = sql.placeholder('userId');
    const perSource = sql.placeholder('limit');
    const origin = sql`${sql.placeholder('previewOrigin')}`;
    const share = sql`'sharedBy', latest.shared_by,
      'sharedByName', ${publicNameSql('latest.sharer_display_name', 'latest.sharer_first_name', 'latest.sharer_last_name')},
      'sharedAt', ${isoSql('latest.at')}`;
    return sql`
      WITH followed AS (
        SELECT u.id, u.display_name, u.first_name, u.last_name
        FROM follows f JOIN users u ON u.id = f.following_id
        WHERE f.follower_id = ${member} AND ${userVisibleSql('u')} AND u.id <> ${member}
      ), activity AS (
        SELECT p.id AS project_id, p.created_at AS at, NULL::uuid AS shared_by,
          NULL::text AS sharer_display_name, NULL::text AS sharer_first_name, NULL::text AS sharer_last_name
        FROM followed fu CROSS JOIN LATERAL (
          SELECT id, created_at FROM projects WHERE author_id = fu.id ORDER BY created_at DESC, id DESC LIMIT ${perSource}
        ) p
        UNION ALL
        SELECT s.project_id, s.shared_at, fu.id, fu.display_name, fu.first_name, fu.last_name
        FROM followed fu CROSS JOIN LATERAL (
          SELECT sh.project_id, sh.shared_at FROM shares sh
          JOIN projects sp ON sp.id = sh.project_id
          JOIN users sa ON sa.id = sp.author_id
          WHERE sh.user_id = fu.id AND sp.author_id <> ${member} AND ${userVisibleSql('sa')}
          ORDER BY sh.shared_at DESC, sh.project_id DESC LIMIT ${perSource}
        ) s
      ), latest AS (
        -- The newest items before their cards are read: only those get joined and written.
        SELECT * FROM (
          SELECT DISTINCT ON (project_id) *
          FROM activity
          ORDER BY project_id, at DESC, shared_by NULLS LAST
        ) items
        ORDER BY at DESC, project_id DESC
        LIMIT ${perSource}
      )
      SELECT coalesce(json_agg(q.card ORDER BY q.at DESC, q.project_id DESC), '[]')::text AS json,
        coalesce(array_agg(q.project_id), '{}') AS "projectIds",
        (SELECT coalesce(array_agg(id), '{}') FROM followed) AS "followedIds"
      FROM (
        SELECT latest.at, latest.project_id,
          CASE WHEN latest.shared_by IS NULL THEN ${projectCardJsonSql(origin)} ELSE ${projectCardJsonSql(origin, share)} END AS card
        FROM latest
        JOIN projects p ON p.id = latest.project_id
        JOIN users u ON u.id = p.author_id
      ) q`;
  })({ userId, limit, previewOrigin: previewOriginOf(previewOrigin) });
  return row!;
}

// ---------------------------------------------------------------------------------------------------
// Recommendations

/** How many ranked projects a snapshot keeps: every page the limit and offset caps allow. */
export const SNAPSHOT_SIZE = RECOMMENDED_OFFSET_MAX + RECOMMENDED_LIMIT_MAX;

/**
 * Affinity weights of "More for you" (see docs/decisions.md). A project's recommendation score is its
 * trending score plus log2(1 + affinity), i.e. boost * points * (1 + affinity) * 2^(-age/half-life):
 * the premium boost stays inside the trending score, applied once.
 *   affinity = 2 * share of the member's likes/saves/4-5 star ratings in the project's category
 *            + 1 if the member follows the author + min(interactions with the author's projects, 3) / 3
 *            + 2 * min(members with a common like who liked it, 5) / 5
 * where "members with a common like" are the neighboursMax who share most of the member's likes, each
 * counted with their coLikesPerNeighbour likes of the newest projects: the ranking reads at most
 * 50 x 20 of their likes however dense the community (at 1M projects it read ~15,000 and took 45 ms).
 */
export const AFFINITY = { category: 2, follow: 1, creatorHitsCap: 3, coLike: 2, coLikersCap: 5, neighboursMax: 50, coLikesPerNeighbour: 20 } as const;

/**
 * The ranking query of recommendations (the project ids with their rank n, best first, and the bits of
 * RANKING_REASON_BITS saying why), also used by EXPLAIN checks.
 */
export function recommendedQuerySql(userId: string, size: number = SNAPSHOT_SIZE): SQL {
  const a = AFFINITY;
  const boosted = boostedInScoreSql('p');
  return sql`
    WITH hits AS (
      SELECT project_id FROM reactions WHERE user_id = ${userId}
      UNION ALL SELECT project_id FROM saves WHERE user_id = ${userId}
      UNION ALL SELECT project_id FROM ratings WHERE user_id = ${userId} AND rating >= 4
    ), hit_projects AS (
      SELECT p.category, p.author_id FROM hits h JOIN projects p ON p.id = h.project_id
      WHERE p.author_id <> ${userId}
    ), cats AS (
      SELECT category, count(*)::float8 / (SELECT count(*) FROM hit_projects) AS share
      FROM hit_projects GROUP BY category
    ), creators AS (
      SELECT author_id, ${a.follow} * max(followed)::float8 + least(sum(hit), ${a.creatorHitsCap})::float8 / ${a.creatorHitsCap} AS weight,
        max(followed) AS followed, sum(hit) AS hits
      FROM (
        SELECT following_id AS author_id, 1 AS followed, 0 AS hit FROM follows WHERE follower_id = ${userId}
        UNION ALL
        SELECT author_id, 0, 1 FROM hit_projects
      ) c
      WHERE author_id <> ${userId}
      GROUP BY author_id
    ), neighbours AS (
      -- The members who share most of my likes: a bounded number, so the work stays the same however
      -- many members like what I like.
      SELECT r.user_id FROM reactions mine JOIN reactions r ON r.project_id = mine.project_id
      WHERE mine.user_id = ${userId} AND r.user_id <> ${userId}
      GROUP BY r.user_id
      ORDER BY count(*) DESC, r.user_id
      LIMIT ${a.neighboursMax}
    ), colikes AS (
      -- Weights of the whole snapshot whatever size is ranked, so the first pages rank like the full list.
      -- Each neighbour's likes of the newest projects (the primary key's order), at most coLikesPerNeighbour.
      SELECT r.project_id, count(*)::float8 AS likers
      FROM neighbours n CROSS JOIN LATERAL (
        SELECT project_id FROM reactions WHERE user_id = n.user_id ORDER BY project_id DESC LIMIT ${a.coLikesPerNeighbour}
      ) r
      GROUP BY r.project_id
      ORDER BY likers DESC, r.project_id DESC
      LIMIT ${SNAPSHOT_SIZE}
    ), candidates AS (
      -- Each source reads its projects through an index and carries the columns the ranking needs,
      -- so projects is never read again as a whole.
      (SELECT p.id, p.trending_score, p.category, p.author_id, ${boosted} AS boosted FROM projects p JOIN users u ON u.id = p.author_id
       WHERE p.author_id <> ${userId} AND ${userVisibleSql('u')}
       ORDER BY p.trending_score DESC NULLS LAST, p.id DESC NULLS LAST
       LIMIT ${size})
      UNION
      SELECT x.* FROM cats c CROSS JOIN LATERAL (
        SELECT p.id, p.trending_score, p.category, p.author_id, ${boosted} AS boosted FROM projects p
        WHERE p.category = c.category AND p.author_id <> ${userId}
        ORDER BY p.trending_score DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${size}
      ) x
      UNION
      SELECT x.* FROM creators c CROSS JOIN LATERAL (
        SELECT p.id, p.trending_score, p.category, p.author_id, ${boosted} AS boosted FROM projects p
        WHERE p.author_id = c.author_id
        ORDER BY p.trending_score DESC NULLS LAST, p.id DESC NULLS LAST LIMIT ${size}
      ) x
      UNION
      SELECT x.* FROM (SELECT project_id FROM colikes ORDER BY likers DESC, project_id DESC LIMIT ${size}) cl CROSS JOIN LATERAL (
        SELECT p.id, p.trending_score, p.category, p.author_id, ${boosted} AS boosted FROM projects p WHERE p.id = cl.project_id
      ) x
    )
    SELECT c.id, row_number() OVER best AS n,
      -- Why it ranked, from the same terms as its score: the affinity parts that are not zero ("popular"
      -- when none is: its trending score alone), and the premium boost inside the trending score.
      ((CASE WHEN cr.followed = 1 THEN ${BIT.followed_creator} ELSE 0 END)
        | (CASE WHEN coalesce(cats.share, 0) > 0 THEN ${BIT.liked_category} ELSE 0 END)
        | (CASE WHEN coalesce(cr.hits, 0) > 0 THEN ${BIT.liked_creator} ELSE 0 END)
        | (CASE WHEN coalesce(cl.likers, 0) > 0 THEN ${BIT.similar_members} ELSE 0 END)
        | (CASE WHEN coalesce(cr.followed, 0) = 0 AND coalesce(cats.share, 0) = 0 AND coalesce(cr.hits, 0) = 0 AND coalesce(cl.likers, 0) = 0
            THEN ${BIT.popular} ELSE 0 END)
        | (CASE WHEN c.boosted THEN ${BIT.premium_boost} ELSE 0 END))::smallint AS reasons
    FROM candidates c
    LEFT JOIN cats ON cats.category = c.category
    LEFT JOIN creators cr ON cr.author_id = c.author_id
    LEFT JOIN colikes cl ON cl.project_id = c.id
    -- Against the few suspended members (their index), not a join of every candidate's author.
    WHERE c.author_id <> ${userId} AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.author_id AND ${userHiddenSql('u')})
    WINDOW best AS (ORDER BY c.trending_score + ln(1
        + ${a.category} * coalesce(cats.share, 0)
        + coalesce(cr.weight, 0)
        + ${a.coLike} * least(coalesce(cl.likers, 0), ${a.coLikersCap}) / ${a.coLikersCap}
      ) / ln(2::float8) DESC,
      c.id DESC)
    ORDER BY n
    LIMIT ${size}`;
}

/**
 * How many projects a member's first ranking orders: the first pages (12 of 8). Ranking the top 100
 * reads about a tenth of the candidates the whole snapshot needs (each source contributes its best
 * `size`), so a first page stays cheap; a page past them ranks the rest (extendRecommendationSnapshot).
 */
export const FIRST_RANKING_SIZE = 100;

/**
 * A page of the member's stored snapshot: its visible projects' cards, in order, as the JSON text of
 * TProject[]; the page's ids (hidden ones too); whether it is still young enough to reuse for a first page, whether it holds every ranked
 * project, and whether a background ranking waits to replace it.
 */
export type SnapshotPage = { cards: string; ids: number[]; length: number; complete: boolean; fresh: boolean; hasNext: boolean };

/**
 * Ranks the member's recommendations now (the best `size`, `complete` when that is the whole
 * snapshot) and stores them as their snapshot, in one statement; answers the ids.
 */
export async function storeRecommendationSnapshot(db: DbOrTx, userId: string, size: number = SNAPSHOT_SIZE): Promise<RankedIds> {
  const complete = size >= SNAPSHOT_SIZE;
  const [row] = await rowsOf<RankedIds>(
    db,
    sql`
    INSERT INTO recommendation_snapshots (user_id, project_ids, reasons, computed_at, complete)
    SELECT ${userId}, coalesce(array_agg(r.id ORDER BY r.n), '{}'), coalesce(array_agg(r.reasons ORDER BY r.n), '{}'), now(), ${complete}
    FROM (${recommendedQuerySql(userId, Math.min(size, SNAPSHOT_SIZE))}) r
    ON CONFLICT (user_id) DO UPDATE SET project_ids = excluded.project_ids, reasons = excluded.reasons, computed_at = excluded.computed_at,
      complete = excluded.complete, next_project_ids = NULL, next_reasons = NULL, next_computed_at = NULL
    RETURNING project_ids AS ids, reasons`,
  );
  return rankedIdsOf(row);
}

/** A ranking as stored: the project ids, best first, and their reason bits (null for a snapshot older than reasons). */
export type RankedIds = { ids: number[]; reasons: number[] | null };

function rankedIdsOf(row: { ids: number[] | null; reasons: number[] | null } | undefined): RankedIds {
  return { ids: (row?.ids ?? []).map(Number), reasons: row?.reasons ? row.reasons.map(Number) : null };
}

/**
 * Completes a snapshot that holds only the first pages: ranks the whole snapshot now and appends the
 * projects not already in it, so the pages already shown keep their order and no project comes twice.
 * Keeps computed_at (the first page's reuse window is the first ranking's). Answers the ids.
 */
export async function extendRecommendationSnapshot(db: DbOrTx, userId: string): Promise<RankedIds> {
  const [row] = await rowsOf<RankedIds>(
    db,
    sql`
    WITH ranked AS (${recommendedQuerySql(userId, SNAPSHOT_SIZE)}),
    old AS (SELECT project_ids, reasons FROM recommendation_snapshots WHERE user_id = ${userId}),
    added AS (
      SELECT coalesce(array_agg(r.id ORDER BY r.n), '{}') AS ids, coalesce(array_agg(r.reasons ORDER BY r.n), '{}') AS reasons
      FROM ranked r, old WHERE r.id <> ALL (old.project_ids)
    )
    UPDATE recommendation_snapshots s SET complete = true,
      project_ids = (old.project_ids || added.ids)[1:${SNAPSHOT_SIZE}],
      -- An older snapshot's projects have no reasons kept: zeros keep the two arrays aligned.
      reasons = (coalesce(old.reasons, array_fill(0::smallint, ARRAY[cardinality(old.project_ids)])) || added.reasons)[1:${SNAPSHOT_SIZE}]
    FROM old, added
    WHERE s.user_id = ${userId}
    RETURNING s.project_ids AS ids, s.reasons`,
  );
  return rankedIdsOf(row);
}

/** How long a first page reuses the member's snapshot instead of ranking afresh (see docs/decisions.md). */
export const SNAPSHOT_REUSE_MS = 2 * 60 * 1000;

/**
 * A page of the member's stored snapshot, read with its cards in one prepared statement (the ids of the
 * slice, then each project and author by primary key, written as the JSON text of TProject[] by the
 * database), with its length, completeness and freshness (younger than SNAPSHOT_REUSE_MS); null when
 * they have none. Deleted projects and suspended authors' drop out.
 */
export async function readRecommendationPage(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
  previewOrigin: string | undefined,
): Promise<SnapshotPage | null> {
  const [row] = await preparedSql<{ length: number; complete: boolean; fresh: boolean; hasNext: boolean; cards: string; ids: number[] }>(db, 'recommendation_page_json', () => sql`
    SELECT coalesce(cardinality(s.project_ids), 0) AS length, s.complete,
      s.project_ids[${sql.placeholder('first')}::int:${sql.placeholder('last')}::int] AS ids,
      s.computed_at > now() - ${sql.placeholder('maxAgeMs')}::int * interval '1 millisecond' AS fresh,
      s.next_project_ids IS NOT NULL AS "hasNext",
      ${visibleCardsJsonSql(
        sql`s.project_ids[${sql.placeholder('first')}::int:${sql.placeholder('last')}::int]`,
        sql`${sql.placeholder('previewOrigin')}`,
        RANKED_CARD_REASONS(sql`(coalesce(s.reasons, '{}'))[${sql.placeholder('first')}::int:${sql.placeholder('last')}::int]`),
      )} AS cards
    FROM recommendation_snapshots s
    WHERE s.user_id = ${sql.placeholder('userId')}`)({
    userId,
    first: page.offset + 1,
    last: page.offset + page.limit,
    maxAgeMs: SNAPSHOT_REUSE_MS,
    previewOrigin: previewOriginOf(previewOrigin),
  });
  if (!row) return null;
  return { cards: row.cards, ids: (row.ids ?? []).map(Number), length: Number(row.length), complete: row.complete, fresh: row.fresh, hasNext: row.hasNext };
}

/**
 * Ranks the member's first pages now and keeps them as their next snapshot, beside the current one
 * (which pages in progress keep reading). Does nothing when a next ranking already waits or the member
 * has no snapshot.
 */
export async function storeNextRecommendationSnapshot(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(
    sql`
    WITH next AS (
      SELECT coalesce(array_agg(r.id ORDER BY r.n), '{}') AS ids, coalesce(array_agg(r.reasons ORDER BY r.n), '{}') AS reasons
      FROM (${recommendedQuerySql(userId, FIRST_RANKING_SIZE)}) r
    )
    UPDATE recommendation_snapshots SET next_project_ids = next.ids, next_reasons = next.reasons, next_computed_at = now()
    FROM next
    WHERE user_id = ${userId} AND next_project_ids IS NULL`,
  );
}

/**
 * Makes the waiting next ranking the member's snapshot (a first page), holding the first pages only
 * until a page past them completes it. Answers its ids, or null when none waited.
 */
export async function promoteNextRecommendationSnapshot(db: DbOrTx, userId: string): Promise<RankedIds | null> {
  const [row] = await rowsOf<RankedIds>(
    db,
    sql`
    UPDATE recommendation_snapshots SET project_ids = next_project_ids, reasons = next_reasons, computed_at = next_computed_at, complete = false,
      next_project_ids = NULL, next_reasons = NULL, next_computed_at = NULL
    WHERE user_id = ${userId} AND next_project_ids IS NOT NULL
    RETURNING project_ids AS ids, reasons`,
  );
  return row ? rankedIdsOf(row) : null;
}

// ---------------------------------------------------------------------------------------------------
// Search

/** Trigram thresholds: a misspelt word's corrections, and author names that resemble the query. */
export const SEARCH_THRESHOLDS = { correction: 0.3, wordSimilarity: 0.3 } as const;
/**
 * An author's likeness that ranks their projects with a word hit (0.9 x 0.5 rounds to 0.5, a word
 * hit's least): weaker names can only fill a page the words leave short, so a search that may end
 * with its words alone takes these authors only.
 */
export const AUTHOR_LIKENESS_BESIDE_WORDS = 0.5;
/** A project found by its author's name is as relevant as the name's likeness to the query, times this. */
export const AUTHOR_WEIGHT_VALUE = 0.9;
const AUTHOR_WEIGHT = sql.raw(String(AUTHOR_WEIGHT_VALUE));
/** At most this many corrections per query word. */
const CORRECTIONS_PER_WORD = 3;
/** A search by author name takes the best-matching authors and their best-scored projects. */
export const AUTHORS_PER_SEARCH = 50;
export const PROJECTS_PER_AUTHOR = 20;

export type SearchTerms = {
  /** The trimmed, lower-cased query, for trigram similarity. */
  text: string;
  /** A prefix tsquery of the words as typed ("reac:* & dash:*"), or null when the query has no letters or digits. */
  prefixQuery: string | null;
  /** The prefix tsquery with each word's swapped-letter spellings and corrections as alternatives, or null when there are none. */
  fuzzyQuery: string | null;
  /** fuzzyQuery with each word's likeliest spellings only: as typed, its swapped letters and its nearest correction. */
  likelyQuery: string | null;
  /** Those likeliest spellings, per word (the in-process index reads them), or null outside the typo round. */
  likely: string[][] | null;
  /** Each query word's spellings that the query accepts: the word as typed first, then (with typos) its alternatives. */
  words: string[][];
};

const WORDS_OF = (text: string) => sql`regexp_split_to_table(lower(${sql.raw(text)}), '[^[:alnum:]]+')`;
const PROJECT_WORDS = WORDS_OF(`p.title || ' ' || p.description || ' ' || p.category`);
const COMMENT_WORDS = WORDS_OF(`c.content`);
const WORD_LENGTH = sql.raw(`length(w) BETWEEN 3 AND 40`);

export type SearchWordsScope = { projectId: number } | { commentIds: readonly number[] } | { since: Date | null };

/**
 * Adds words to the search lexicon: those of one project, of some comments, or of every project and
 * comment written or edited since a time (null: all of them). Words are never removed: a stale one
 * only offers a correction that finds nothing.
 */
export async function refreshSearchWords(db: DbOrTx, scope: SearchWordsScope): Promise<void> {
  const insert = (source: SQL) => db.execute(sql`INSERT INTO search_words (word) ${source} ON CONFLICT DO NOTHING`);
  if ('projectId' in scope) {
    await insert(sql`SELECT DISTINCT w FROM projects p, ${PROJECT_WORDS} w WHERE p.id = ${scope.projectId} AND ${WORD_LENGTH}`);
    return;
  }
  if ('commentIds' in scope) {
    if (scope.commentIds.length === 0) return;
    await insert(sql`SELECT DISTINCT w FROM comments c, ${COMMENT_WORDS} w WHERE c.id = ANY(${`{${scope.commentIds.join(',')}}`}::int[]) AND ${WORD_LENGTH}`);
    return;
  }
  const since = scope.since;
  await insert(sql`
    SELECT DISTINCT w FROM projects p, ${PROJECT_WORDS} w
    WHERE ${since ? sql`(p.updated_at >= ${since} OR p.created_at >= ${since})` : sql`true`} AND ${WORD_LENGTH}`);
  await insert(sql`
    SELECT DISTINCT w FROM comments c, ${COMMENT_WORDS} w
    WHERE ${since ? sql`c.created_at >= ${since}` : sql`true`} AND ${WORD_LENGTH}`);
}

/** A word's lexemes as search stems it (PostgreSQL's English configuration; none for a stop word). */
export const lexemesOfSql = (word: SQL) => sql`tsvector_to_array(to_tsvector('english', ${word}))`;

/** The lexicon words nearest to each query word (a misspelling's likely meanings), best first. */
export async function findWordCorrections(db: DbOrTx, words: readonly string[]): Promise<Map<string, string[]>> {
  return (await findWordCorrectionsAndStems(db, words, null)).corrections;
}

/**
 * findWordCorrections, and with `stemsOf` (words the caller will search for) the stems of those words
 * and of every correction found (to_tsvector('english', ...), none for a stop word), in the same
 * statement: the instance's index needs both before a typo round.
 */
export async function findWordCorrectionsAndStems(
  db: DbOrTx,
  words: readonly string[],
  stemsOf: readonly string[] | null,
): Promise<{ corrections: Map<string, string[]>; stems: Map<string, string[]> }> {
  const corrections = new Map<string, string[]>();
  const stems = new Map<string, string[]>();
  if (words.length === 0 && !stemsOf?.length) return { corrections, stems };
  const textArray = (list: readonly string[]) => sql`ARRAY[${sql.join(list.map((w) => sql`${w}`), sql`, `)}]::text[]`;
  const lexemes = (word: string) => (stemsOf ? lexemesOfSql(sql.raw(word)) : sql`NULL::text[]`);
  const rows = await rowsOf<{ query: string | null; word: string; lexemes: string[] | null }>(
    db,
    sql`
    SELECT query, word, lexemes FROM (
      SELECT q.n, q.word AS query, s.word, s.likeness, ${lexemes('s.word')} AS lexemes
      FROM unnest(${textArray(words)}) WITH ORDINALITY AS q(word, n)
      CROSS JOIN LATERAL (
        SELECT sw.word, similarity(sw.word, q.word) AS likeness FROM search_words sw
        WHERE sw.word % q.word AND sw.word <> q.word
        ORDER BY likeness DESC, sw.word
        LIMIT ${CORRECTIONS_PER_WORD}
      ) s
      UNION ALL
      SELECT NULL, NULL, w, NULL, ${lexemes('w')} FROM unnest(${textArray(stemsOf ?? [])}) AS w
    ) found
    ORDER BY n NULLS LAST, likeness DESC, word`,
  );
  for (const r of rows) {
    if (r.query !== null) corrections.set(r.query, [...(corrections.get(r.query) ?? []), r.word]);
    if (stemsOf && r.lexemes) stems.set(r.word, r.lexemes);
  }
  return { corrections, stems };
}

/** The name search matches an author by: display name, first and last name, lower-cased. */
export const AUTHOR_NAME = sql.raw(
  `lower(coalesce(u.display_name, '') || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`,
);
// Stored generated columns with GIN indexes (migration 0006): nothing is computed per row.
const PROJECT_DOCUMENT = sql.raw(`p.search_document`);
const COMMENT_DOCUMENT = sql.raw(`c.search_document`);
/**
 * Matches kept when several words' postings fall short and the text index reads every match, in the
 * source's order: the most trending projects (1,000 took a fifth more database time at 100k projects
 * than 300 and judged no better), but 1,000 when typo alternatives match many other words ('raect'
 * lost two of its ten React titles at 300); the newest comments (they show newest first within a
 * relevance step).
 */
export const SEARCH_CANDIDATES_MAX = { projects: 300, projectsWithTypos: 1000, comments: 200 } as const;
/**
 * Candidates read from the per-word postings: a word's best matches in the source's order (trending
 * projects, newest comments). One word: 100, which hold the first page's 50 (200 took a quarter more
 * of the database's time at 100k projects and judged no better, 0.936 against 0.943). Several words or
 * typo alternatives: 300, since titles are fewer among their matches ('command line' found 2 of its
 * 10 judged titles among the best 100 at 1M, all 10 among 300; 'raect' finds React's titles there).
 * Comments: 100 whatever the words. They show newest first within a relevance step, and one older
 * than the newest hundred matches ranks above them only by saying the words more often; 300 for
 * several words or typos cost those searches a third more comment time at 1M projects.
 */
export const SEARCH_POSTINGS_CANDIDATES = { oneWord: 100, severalOrTypos: 300, comments: 100 } as const;
/** How many project candidates a search's postings list. */
export function postingsListed(terms: SearchTerms): number {
  return terms.fuzzyQuery || terms.words.length > 1 ? SEARCH_POSTINGS_CANDIDATES.severalOrTypos : SEARCH_POSTINGS_CANDIDATES.oneWord;
}
/** How far the lists of several words are read when their first entries seldom meet. */
export const SEARCH_POSTINGS_DEEP = 1000;
/** Candidates of a rarer word read in rank order from RUM. */
export const SEARCH_RANKED_CANDIDATES = 200;

/**
 * Which text index finds a word's candidates: 'rum' reads them from the RUM index in rank order
 * (ORDER BY document <=> query: only the best are fetched); 'gin' reads every match from the GIN index
 * and keeps the best-scored. RUM is a PostgreSQL extension (migration 0016); PGlite has only GIN.
 */
export type SearchIndex = 'rum' | 'gin';

const searchIndexes = new WeakMap<object, Promise<SearchIndex>>();

/** The text index this database has, looked up once per database handle. */
export function searchIndexOf(db: DbOrTx): Promise<SearchIndex> {
  let known = searchIndexes.get(db);
  if (!known) {
    known = rowsOf<{ rum: boolean }>(
      db,
      sql`SELECT to_regclass('projects_search_rum_idx') IS NOT NULL AND to_regclass('comments_search_rum_idx') IS NOT NULL AS rum`,
    ).then((rows) => (rows[0]?.rum ? 'rum' : 'gin'));
    known.catch(() => searchIndexes.delete(db));
    searchIndexes.set(db, known);
  }
  return known;
}

/** The text index's read of a source's matches (`unless`: a one-time condition), capped. */
function textIndexSql(o: { select: SQL; from: SQL; document: SQL; order: SQL; query: SQL; index: SearchIndex; cap: number; unless: SQL }): SQL {
  return o.index === 'rum'
    ? sql`SELECT ${o.select} FROM ${o.from} WHERE ${o.document} @@ ${o.query} ${o.unless}
        ORDER BY ${o.document} <=> ${o.query} LIMIT ${SEARCH_RANKED_CANDIDATES}`
    : // OFFSET 0 keeps the planner from walking the order's index instead, which reads the whole table for a rare word.
      sql`SELECT * FROM (SELECT * FROM (SELECT ${o.select} FROM ${o.from} WHERE ${o.document} @@ ${o.query} ${o.unless} OFFSET 0) g
        ORDER BY ${o.order} LIMIT ${o.cap}) i`;
}

/**
 * At most this many lexemes of one typed prefix are read ('dep' -> depend, deploy, deprec...): each
 * costs a probe of the postings index and its best entries; the shortest prefixes have hundreds.
 */
export const SEARCH_LEXEMES_PER_PREFIX = 64;

/**
 * Project candidates from the per-word postings (migration 0019: each lexeme's projects by trending
 * step, best first), as CTEs ending in `candidates`. Each query word's alternatives are stemmed as the
 * full text stems them; each stem is a prefix, whose lexemes are found one index probe each (a loose
 * scan) and give their best entries; a word's list is its best `listed` projects over them. The
 * candidates are the listed projects whose documents match the whole query, the most trending
 * `listed`. One word's list holds its most trending matches, or all of them. Several words may meet
 * seldom among their lists' projects: when those hold fewer than `listed`, one word's list `deep`
 * long is read, and when that finds less than a page, the text index; neither when some word's list
 * is complete (it holds every match of the query).
 */
/** A source's postings: its table, the entries' order (step, then key, both descending) and its rows. */
type Postings = { table: string; key: string; step: string; from: string; alias: string; document: SQL };
const PROJECT_POSTINGS: Postings = {
  table: 'project_search_postings',
  key: 'project_id',
  step: 'step',
  from: 'projects',
  alias: 'p',
  document: PROJECT_DOCUMENT,
};
/** Comments have no step (a constant, which the planner drops from the order): newest first is their key's order. */
const COMMENT_POSTINGS: Postings = {
  table: 'comment_search_postings',
  key: 'comment_id',
  step: '0::float8',
  from: 'comments',
  alias: 'c',
  document: COMMENT_DOCUMENT,
};

function postingsCandidatesSql(o: {
  postings: Postings;
  select: SQL;
  order: SQL;
  query: SQL;
  words: readonly (readonly string[])[];
  listed: number;
  deep: number;
  index: SearchIndex;
  cap: number;
  page: number;
}): SQL {
  const alternatives = sql.join(
    o.words.flatMap((alts, n) => alts.map((alt) => sql`(${alt}::text, ${n}::int)`)),
    sql`, `,
  );
  const lexemesMax = SEARCH_LEXEMES_PER_PREFIX;
  const { table, key, step, alias, document } = o.postings;
  const [postings, from] = [sql.raw(table), sql.raw(`${o.postings.from} ${alias}`)];
  // A word's list: its first `depth` items over its lexemes' lists, merged in the postings' order. A
  // top-N sort of the entries, twice as many as the items (an item listed under two lexemes of one
  // word takes two), then each item once: grouping every entry before ranking cost four times as much
  // ('string array' reads 7,700 entries of 34 lexemes). So a list may hold fewer than `depth` items
  // and still not be complete.
  const wordLexemes = sql`(SELECT DISTINCT l.lexeme FROM lexemes l WHERE l.n = w.n)`;
  const lists = (name: string, depth: number, words: SQL = sql`true`) => sql`${sql.raw(name)} AS MATERIALIZED (
      SELECT w.n, t.item, t.step FROM (SELECT DISTINCT l.n FROM lexemes l WHERE ${words}) w CROSS JOIN LATERAL (
        SELECT e.item, max(e.step) AS step FROM (
          SELECT ps.step, ps.item FROM ${wordLexemes} l CROSS JOIN LATERAL (
            SELECT ${sql.raw(step)} AS step, ${sql.raw(key)} AS item FROM ${postings}
            WHERE lexeme = l.lexeme ORDER BY 1 DESC, 2 DESC LIMIT ${depth}
          ) ps
          ORDER BY 1 DESC, 2 DESC LIMIT ${2 * depth}
        ) e
        GROUP BY e.item ORDER BY 2 DESC, 1 DESC LIMIT ${depth}
      ) t)`;
  // A word's list is complete (it holds every match) when its lexemes have fewer entries in all than
  // the items it keeps, so none was cut, and its prefixes were not cut at their lexemes' limit. Counted
  // only for a list that holds fewer items than it keeps.
  const mayMiss = (name: string, depth: number) => sql`NOT EXISTS (
      SELECT 1 FROM (SELECT n, count(*) AS listed FROM ${sql.raw(name)} GROUP BY n) w
      WHERE w.listed < ${depth}
        AND NOT EXISTS (SELECT 1 FROM lexemes l WHERE l.n = w.n AND l.k >= ${lexemesMax})
        AND (SELECT sum(e.entries) FROM ${wordLexemes} l CROSS JOIN LATERAL (
          SELECT count(*) AS entries FROM (SELECT 1 FROM ${postings} WHERE lexeme = l.lexeme LIMIT ${depth}) x
        ) e) < ${depth})`;
  // An array, read by primary key: the planner cannot size the lists and might scan the table instead.
  const found = (name: string, unless: SQL) => sql`
      SELECT ${o.select} FROM ${from}
      WHERE ${sql.raw(alias)}.id = ANY (ARRAY(SELECT item FROM ${sql.raw(name)})) AND ${document} @@ ${o.query} ${unless}
      ORDER BY ${o.order} LIMIT ${o.listed}`;
  const ctes = sql`
    prefixes AS (
      SELECT DISTINCT x.prefix, a.n FROM (VALUES ${alternatives}) AS a(alt, n)
      CROSS JOIN LATERAL unnest(${lexemesOfSql(sql.raw('a.alt'))}) AS x(prefix)
    ), lexemes AS (
      SELECT f.prefix, f.n, f.lexeme, 1 AS k FROM prefixes pr CROSS JOIN LATERAL (
        SELECT pr.prefix, pr.n, ps.lexeme FROM ${postings} ps WHERE ps.lexeme >= pr.prefix ORDER BY ps.lexeme LIMIT 1
      ) f WHERE starts_with(f.lexeme, f.prefix)
      UNION ALL
      SELECT l.prefix, l.n, nx.lexeme, l.k + 1 FROM lexemes l CROSS JOIN LATERAL (
        SELECT ps.lexeme FROM ${postings} ps WHERE ps.lexeme > l.lexeme ORDER BY ps.lexeme LIMIT 1
      ) nx
      WHERE l.k < ${lexemesMax} AND starts_with(nx.lexeme, l.prefix)
    ), ${lists('lists', o.listed)}, walk AS MATERIALIZED (${found('lists', sql``)})`;
  if (o.words.length === 1) return sql`${ctes}, candidates AS (SELECT * FROM walk)`;
  // Whether the first lists fell short: computed once, when the deeper list first asks.
  const fellShort = sql`(SELECT yes FROM short)`;
  // Every match has every word, so one word's longer list holds them all: the word whose first entries
  // met the others most often. It is checked in its order, past the matches the first lists found,
  // until the candidates number `listed`: most words that meet at all do within the first few hundred.
  return sql`${ctes}, walked AS MATERIALIZED (SELECT count(*) AS n FROM walk),
    short AS MATERIALIZED (SELECT (SELECT n FROM walked) < ${o.listed} AND ${mayMiss('lists', o.listed)} AS yes),
    best_word AS (
      SELECT l.n FROM lists l LEFT JOIN walk w ON w.id = l.item GROUP BY l.n ORDER BY count(w.id) DESC, l.n LIMIT 1
    ), ${lists('deep_lists', o.deep, sql`l.n = (SELECT n FROM best_word)`)},
    deep AS MATERIALIZED (
      SELECT x.* FROM (
        SELECT item, max(step) AS step FROM deep_lists WHERE ${fellShort} AND item NOT IN (SELECT id FROM walk)
        GROUP BY item ORDER BY 2 DESC, 1 DESC
      ) d CROSS JOIN LATERAL (
        SELECT ${o.select} FROM ${from} WHERE ${sql.raw(alias)}.id = d.item AND ${document} @@ ${o.query}
      ) x
      -- Stated again: the planner may join these another way, which keeps no order.
      ORDER BY d.step DESC, d.item DESC
      LIMIT ${o.listed} - (SELECT n FROM walked)
    ),
    candidates AS (
      SELECT * FROM walk UNION ALL SELECT * FROM deep UNION ALL (${textIndexSql({
        ...o,
        from,
        document,
        unless: sql`AND ${fellShort} AND (SELECT n FROM walked) + (SELECT count(*) FROM deep) < ${o.page} AND ${mayMiss('deep_lists', o.deep)}`,
      })})
    )`;
}

/**
 * The full-text part of a search: the query rows must match (the words as typed, swapped or
 * corrected, prefixes included) and the relevance of a hit on a document: 0.5 to 1 for the words as
 * typed, 0.4 for a hit only through a swapped or corrected spelling.
 */
function fullText(terms: SearchTerms) {
  const exact = terms.prefixQuery ? sql`to_tsquery('english', ${terms.prefixQuery})` : null;
  const query = terms.fuzzyQuery ? sql`to_tsquery('english', ${terms.fuzzyQuery})` : exact;
  return {
    query,
    /**
     * A title that says a corrected word ('raect' -> "React Dashboard"): 0.7, above the trigram
     * likeness of unrelated titles ("Object-related" scores about 0.5 against 'raect'), when it is one
     * of the likeliest spellings; 0.6 through a farther correction ('typescirpt' -> 'types' would
     * otherwise rank "Type check values" with TypeScript's titles).
     */
    titleRelevance: (title: SQL) =>
      terms.fuzzyQuery && terms.likelyQuery && query
        ? sql`(CASE WHEN to_tsvector('english', ${title}) @@ to_tsquery('english', ${terms.likelyQuery}) THEN 0.7
            WHEN to_tsvector('english', ${title}) @@ ${query} THEN 0.6 ELSE 0 END)`
        : sql`0`,
    relevance: (doc: SQL) =>
      exact && query
        ? sql`(CASE WHEN ${doc} @@ ${exact} THEN 0.5 + 0.5 * ts_rank(${doc}, ${exact}, 32) WHEN ${doc} @@ ${query} THEN 0.4 ELSE 0 END)`
        : sql`0`,
  };
}

/**
 * The project search as SQL: full text over title, description and category (prefixes, swapped
 * letters and lexicon corrections included), plus trigram word similarity on the author's name.
 * Relevance (title similarity, author similarity, full-text rank) is rounded to one decimal; among
 * equally relevant projects premium authors' come first, then trending.
 */
export function searchProjectsQuerySql(
  terms: SearchTerms,
  limit: number,
  index: SearchIndex = 'gin',
  authorLikenessMin: number = SEARCH_THRESHOLDS.wordSimilarity,
): SQL {
  const fts = fullText(terms);
  // Both sources read projects through an index and carry what the ranking needs (the stored document
  // included), so the matches are never joined back to projects.
  const row = sql`p.id, p.title, p.trending_score, p.author_id, ${PROJECT_DOCUMENT} AS document`;
  // Capped candidates (candidatesSql); nothing is computed per match: relevance is computed below, for
  // the capped candidates only.
  const textHit = fts.query ? sql`m.document @@ ${fts.query}` : sql`false`;
  const likeness = sql.raw(`coalesce(k.likenesses[array_position(k.ids, m.author_id)], 0)`);
  const cap = terms.fuzzyQuery ? SEARCH_CANDIDATES_MAX.projectsWithTypos : SEARCH_CANDIDATES_MAX.projects;
  const order = sql`trending_score DESC NULLS LAST, id DESC NULLS LAST`;
  const candidates =
    fts.query && terms.words.length > 0
      ? postingsCandidatesSql({
          postings: PROJECT_POSTINGS,
          select: row,
          order,
          query: fts.query,
          words: terms.words,
          listed: postingsListed(terms),
          deep: SEARCH_POSTINGS_DEEP,
          index,
          cap,
          page: limit,
        })
      : null;
  return sql`
    WITH RECURSIVE ${candidates ? sql`${candidates},` : sql``}
    -- The best-matching authors, their likeness computed once: a common first name cannot pull in half
    -- the table, and no candidate computes its author's likeness again (below 0.3 it could not lift a
    -- text hit, whose relevance starts at 0.4).
    authors AS MATERIALIZED (
      SELECT * FROM (
        -- OFFSET 0: each name's likeness is computed once (inlined, the threshold below computed it again).
        SELECT u.id, word_similarity(${terms.text}, ${AUTHOR_NAME}) AS likeness, ${sql.raw(PREMIUM_NOW_SQL)} AS premium FROM users u
        WHERE ${AUTHOR_NAME} %> ${terms.text} AND ${userVisibleSql('u')}
        OFFSET 0
      ) l WHERE likeness >= ${authorLikenessMin}
      ORDER BY likeness DESC, id
      LIMIT ${AUTHORS_PER_SEARCH}
    ),
    -- Their best projects: those the words find too, and of the others at most a page, in the order the
    -- page gives projects that only their author's name finds (below); the rest could not show. A common
    -- name fragment ('get', 'code') matches 50 authors, whose 1,000 projects cost more to rank than the
    -- rest of the search.
    by_author AS (
      SELECT id, title, trending_score, author_id, document FROM (
        SELECT x.*, row_number() OVER (
          PARTITION BY x.hit
          ORDER BY round((${AUTHOR_WEIGHT} * a.likeness)::float8::numeric, 1) DESC, a.premium DESC, a.likeness DESC,
            x.trending_score DESC NULLS LAST, x.id DESC NULLS LAST
        ) AS r
        FROM authors a CROSS JOIN LATERAL (
          SELECT ${row}, ${fts.query ? sql`${PROJECT_DOCUMENT} @@ ${fts.query}` : sql`false`} AS hit FROM projects p WHERE p.author_id = a.id
          ORDER BY p.trending_score DESC NULLS LAST, p.id DESC NULLS LAST
          LIMIT ${PROJECTS_PER_AUTHOR}
        ) x
      ) m WHERE m.hit OR m.r <= ${limit}
    ), matches AS (
      ${candidates ? sql`SELECT * FROM candidates UNION ALL` : sql``}
      SELECT * FROM by_author
    ),
    -- The likenesses as two aligned arrays, looked up per candidate: the planner cannot size the authors
    -- (it guesses one) and joined them in a loop that read all of them for every candidate.
    known AS (SELECT coalesce(array_agg(id), '{}') AS ids, coalesce(array_agg(likeness), '{}') AS likenesses FROM authors),
    ranked AS (
      -- A project the words do not find ranks by its author's name alone: the likeness of its title
      -- (a trigram comparison, the costliest part of ranking) is computed for text hits only.
      SELECT DISTINCT ON (m.id) m.id, m.trending_score,
        (CASE WHEN ${textHit} THEN greatest(
          word_similarity(${terms.text}, lower(m.title)),
          ${AUTHOR_WEIGHT} * ${likeness},
          ${fts.relevance(sql.raw('m.document'))},
          ${fts.titleRelevance(sql.raw('m.title'))}
        ) ELSE ${AUTHOR_WEIGHT} * ${likeness} END)::float8 AS relevance,
        ${textHit} AS text_hit,
        ${sql.raw(PREMIUM_NOW_SQL)} AS premium
      FROM matches m JOIN users u ON u.id = m.author_id CROSS JOIN known k
      WHERE ${userVisibleSql('u')}
    )
    SELECT id, text_hit AS "textHit", (SELECT count(*) FROM ranked WHERE text_hit)::int AS "textMatches" FROM ranked
    ORDER BY round(relevance::numeric, 1) DESC, premium DESC, relevance DESC,
      trending_score DESC NULLS LAST, id DESC NULLS LAST
    LIMIT ${limit}`;
}

/**
 * The ids of comments by content: full text with prefixes, swapped letters and lexicon corrections
 * (free text is too noisy for trigram similarity), best first; suspended people's comments and
 * comments on suspended authors' projects are left out. The page reads the shown ones (searchResultsJson).
 */
export function searchCommentsQuerySql(terms: SearchTerms, limit: number, index: SearchIndex = 'gin'): SQL {
  const fts = fullText(terms);
  if (!fts.query || terms.words.length === 0) return sql`SELECT NULL::int AS id WHERE false`;
  return sql`
    -- Capped candidates (newest first) with their stored documents; relevance is computed below for
    -- those only.
    WITH RECURSIVE ${postingsCandidatesSql({
      postings: COMMENT_POSTINGS,
      select: sql`c.id, c.content, c.created_at, c.project_id, c.user_id, ${COMMENT_DOCUMENT} AS document`,
      order: sql`id DESC`,
      query: fts.query,
      words: terms.words,
      listed: SEARCH_POSTINGS_CANDIDATES.comments,
      deep: SEARCH_POSTINGS_DEEP,
      index,
      cap: SEARCH_CANDIDATES_MAX.comments,
      page: limit,
    })}, matches AS (SELECT DISTINCT ON (id) * FROM candidates),
    -- The page before its commenters are read: the hidden are few and found by their index.
    best AS (
      SELECT m.*, round(${fts.relevance(sql.raw('m.document'))}::numeric, 1) AS relevance FROM matches m
      WHERE m.user_id NOT IN (SELECT hu.id FROM users hu WHERE ${userHiddenSql('hu')})
        -- Hidden with their projects: looked up per candidate (listing every suspended author's
        -- projects cost 4 ms a search at 1M projects).
        AND NOT EXISTS (SELECT 1 FROM projects p JOIN users pa ON pa.id = p.author_id WHERE p.id = m.project_id AND ${userHiddenSql('pa')})
      ORDER BY relevance DESC, m.created_at DESC, m.id DESC
      LIMIT ${limit}
    )
    SELECT m.id FROM best m
    ORDER BY m.relevance DESC, m.created_at DESC, m.id DESC`;
}

/**
 * The best projects' ids, and how many projects the full text found (up to its candidates' cap; the
 * page may show fewer of them when authors' names rank above).
 * `authorLikenessMin`: the least likeness of the authors whose projects are taken by name.
 */
export async function searchProjectIds(
  db: DbOrTx,
  terms: SearchTerms,
  limit: number,
  authorLikenessMin?: number,
): Promise<{ ids: number[]; textMatches: number }> {
  const rows = await rowsOf<{ id: number; textMatches: number }>(db, searchProjectsQuerySql(terms, limit, await searchIndexOf(db), authorLikenessMin));
  return { ids: rows.map((r) => Number(r.id)), textMatches: rows[0]?.textMatches ?? 0 };
}

export async function searchCommentIds(db: DbOrTx, terms: SearchTerms, limit: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, searchCommentsQuerySql(terms, limit, await searchIndexOf(db)));
  return rows.map((r) => Number(r.id));
}

/** Recomputes the scores of one author's projects (premium starting, renewing or ending). */
export async function refreshAuthorTrendingScores(db: DbOrTx, authorId: string): Promise<void> {
  await db.execute(sql`
    UPDATE projects p SET trending_score = ${trendingScoreSql()}
    FROM users u
    WHERE u.id = p.author_id AND p.author_id = ${authorId}`);
}
