// Bulk data for discovery's query-plan test and benchmark: users, projects, likes, saves, follows and
// comments made with generate_series in a few statements (50,000 projects take seconds, not minutes).
// Titles, descriptions, comments and names come from real developer text (developerCorpus), picked by
// multiplicative hashes of the row number: the same rows for the same seed and installed packages.
import { sql, type SQL } from 'drizzle-orm';
import { CATEGORIES } from '@shared/constants';
import { developerCorpus, generatedTitles } from '../seed/developer-corpus';
import type { Db } from '../db/client';
import { recountAll } from '../db/recount';
import { rowsOf } from '../db/rows';
import { refreshAllTrendingScores, refreshSearchWords } from '../modules/discovery/discovery.repository';

export type GenerateOptions = { projects: number; users: number; comments: number; likesPerUser?: number; seed?: number };

const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/**
 * The corpus as a keyed work table for the generating statements: a subscript into a large text array
 * walks it from the start, a keyed lookup does not. Dropped again at the end.
 */
const WORK_TABLE = sql.raw('generator_text');
type Kind = 'title' | 'sentence' | 'comment' | 'first' | 'last';
const pick = (kind: Kind, count: number, key: SQL) => sql`(SELECT body FROM ${WORK_TABLE} WHERE kind = ${kind} AND k = (${key}) % ${count})`;

async function loadCorpus(db: Db, lists: Record<Kind, readonly string[]>): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS ${WORK_TABLE}`);
  await db.execute(sql`CREATE UNLOGGED TABLE ${WORK_TABLE} (kind text NOT NULL, k int NOT NULL, body text NOT NULL, PRIMARY KEY (kind, k))`);
  for (const [kind, values] of Object.entries(lists)) {
    await db.execute(sql`
      INSERT INTO ${WORK_TABLE} (kind, k, body)
      SELECT ${kind}, (n - 1)::int, v FROM jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) WITH ORDINALITY AS x(v, n)`);
  }
  await db.execute(sql`ANALYZE ${WORK_TABLE}`);
}

/**
 * Drops the text indexes (GIN, GiST, RUM) of projects and comments, sets the search postings' triggers
 * aside, and answers a function that builds them again: one build over a million rows is many times
 * faster than a million inserts into them, and the recount and the trending refresh rewrite every row
 * once more. The definitions are read back from the catalog, so the migrations stay their one source.
 */
async function setTextIndexesAside(db: Db): Promise<() => Promise<void>> {
  const indexes = await rowsOf<{ name: string; def: string }>(
    db,
    sql`
      SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename IN ('projects', 'comments')
        AND i.indexdef ~ 'USING (gin|gist|rum) '`,
  );
  for (const ix of indexes) await db.execute(sql`DROP INDEX ${sql.identifier(ix.name)}`);
  // The search postings likewise: filled once at the end (each table's rebuild function) instead of
  // by a trigger per row written. Their triggers are read from the catalog too.
  const triggers = await rowsOf<{ table: string; name: string }>(
    db,
    sql`
      SELECT c.relname AS "table", t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE '%search_postings%' AND NOT t.tgisinternal`,
  );
  const setTriggers = async (state: 'DISABLE' | 'ENABLE') => {
    for (const tg of triggers) await db.execute(sql`ALTER TABLE ${sql.identifier(tg.table)} ${sql.raw(state)} TRIGGER ${sql.identifier(tg.name)}`);
  };
  await setTriggers('DISABLE');
  return async () => {
    for (const ix of indexes) await db.execute(sql.raw(ix.def));
    await db.execute(sql`SELECT rebuild_project_search_postings(), rebuild_comment_search_postings()`);
    await setTriggers('ENABLE');
  };
}

/** Fills an empty database; answers the id of a member with follows, likes, saves and ratings. */
export async function generateDiscoveryData(db: Db, o: GenerateOptions): Promise<{ memberId: string }> {
  const likesPerUser = o.likesPerUser ?? 20;
  const corpus = developerCorpus();
  const seed = o.seed ?? 1;
  const lists = {
    title: generatedTitles(corpus, seed),
    sentence: corpus.sentences,
    comment: corpus.comments,
    first: corpus.firstNames,
    last: corpus.lastNames,
  } satisfies Record<Kind, readonly string[]>;
  const text = (kind: Kind, key: SQL) => pick(kind, lists[kind].length, key);
  await loadCorpus(db, lists);
  const rebuildTextIndexes = await setTextIndexesAside(db);
  await db.execute(sql`
    INSERT INTO users (handle, first_name, last_name, email, is_premium, is_suspended)
    SELECT 'gen' || i, ${text('first', sql`i * 2654435761 + ${seed}`)}, ${text('last', sql`i * 40503 + ${seed} * 7`)},
      'gen' || i || '@example.com',
      i % 17 = 0, i % 101 = 0
    FROM generate_series(1::bigint, ${o.users}::bigint) i`);
  await db.execute(sql`
    INSERT INTO users (handle, first_name, last_name, email) VALUES ('bench_member', 'Bench', 'Member', 'bench-member@example.com')`);

  await db.execute(sql`
    WITH authors AS (
      SELECT id, row_number() OVER (ORDER BY handle) - 1 AS n FROM users WHERE handle LIKE 'gen%'
    )
    INSERT INTO projects (author_id, title, description, thumbnail, category, project_url, tutorial_url, created_at, view_count)
    SELECT a.id,
      ${text('title', sql`i * 2654435761 + ${seed}`)},
      -- One to three sentences, as people describe what they built.
      ${text('sentence', sql`i * 40503 + ${seed}`)}
        || CASE WHEN i % 3 > 0 THEN ' ' || ${text('sentence', sql`i * 69069 + ${seed} * 3`)} ELSE '' END
        || CASE WHEN i % 3 = 2 THEN ' ' || ${text('sentence', sql`i * 1103515245 + ${seed} * 5`)} ELSE '' END,
      'https://example.com/thumb.png',
      (${textArray(CATEGORIES)})[1 + (i * 3) % ${CATEGORIES.length}],
      'https://example.com/app/' || i,
      'https://example.com/tutorial/' || i,
      now() - ((i * 7919) % (365 * 24 * 60)) * interval '1 minute',
      (i * 31) % 2000
    FROM generate_series(1::bigint, ${o.projects}::bigint) i
    JOIN authors a ON a.n = i % ${o.users}`);

  // Likes, saves and ratings spread over the projects; the member likes, saves, rates and follows too.
  await db.execute(sql`
    WITH ps AS (SELECT min(id) AS lo, count(*) AS n FROM projects),
    us AS (SELECT id, row_number() OVER (ORDER BY handle) AS k FROM users)
    INSERT INTO reactions (user_id, project_id)
    SELECT us.id, ps.lo + ((us.k * 7919 + j * 104729 + j * j * 13) % ps.n)
    FROM us, ps, generate_series(1, ${likesPerUser}) j
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    WITH ps AS (SELECT min(id) AS lo, count(*) AS n FROM projects),
    us AS (SELECT id, row_number() OVER (ORDER BY handle) AS k FROM users)
    INSERT INTO saves (user_id, project_id)
    SELECT us.id, ps.lo + ((us.k * 4271 + j * 15485863) % ps.n)
    FROM us, ps, generate_series(1, 5) j
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    WITH ps AS (SELECT min(id) AS lo, count(*) AS n FROM projects),
    us AS (SELECT id, row_number() OVER (ORDER BY handle) AS k FROM users)
    INSERT INTO ratings (user_id, project_id, rating)
    SELECT us.id, ps.lo + ((us.k * 6007 + j * 32452843) % ps.n), 1 + (us.k + j) % 5
    FROM us, ps, generate_series(1, 3) j
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO follows (follower_id, following_id)
    SELECT m.id, u.id FROM users m, users u
    WHERE m.handle = 'bench_member' AND u.handle LIKE 'gen%' AND (substring(u.handle FROM 4)::int) % 97 = 0
    ON CONFLICT DO NOTHING`);
  // Every generated member follows ten others, so their following feeds are real (authored and shared projects).
  await db.execute(sql`
    WITH us AS (SELECT id, row_number() OVER (ORDER BY handle) AS k FROM users WHERE handle LIKE 'gen%'),
    arr AS (SELECT array_agg(id ORDER BY k) AS ids, count(*) AS n FROM us)
    INSERT INTO follows (follower_id, following_id)
    SELECT us.id, arr.ids[1 + ((us.k * 31 + j * 7919) % arr.n)]
    FROM us, arr, generate_series(1, 10) j
    WHERE us.id <> arr.ids[1 + ((us.k * 31 + j * 7919) % arr.n)]
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    WITH ps AS (SELECT min(id) AS lo, count(*) AS n FROM projects),
    us AS (SELECT array_agg(id ORDER BY handle) AS ids FROM users WHERE handle LIKE 'gen%')
    INSERT INTO comments (project_id, user_id, content)
    SELECT ps.lo + ((i * 7907) % ps.n), us.ids[1 + i % cardinality(us.ids)], ${text('comment', sql`i * 2654435761 + ${seed}`)}
    FROM generate_series(1::bigint, ${o.comments}::bigint) i, ps, us`);
  await db.execute(sql`
    INSERT INTO shares (user_id, project_id, shared_at)
    SELECT r.user_id, r.project_id, now() - (abs(hashtext(r.user_id::text || r.project_id)::bigint) % 10000) * interval '1 minute'
    FROM reactions r WHERE abs(hashtext(r.user_id::text || r.project_id)::bigint) % 10 = 0
    ON CONFLICT DO NOTHING`);

  await db.execute(sql`DROP TABLE ${WORK_TABLE}`);

  await recountAll(db);
  await refreshAllTrendingScores(db);
  await rebuildTextIndexes();
  await refreshSearchWords(db, { since: null });
  await db.execute(sql`ANALYZE`);
  const rows = ((await db.execute(sql`SELECT id FROM users WHERE handle = 'bench_member'`)) as unknown as { rows: { id: string }[] }).rows;
  return { memberId: rows[0]!.id };
}
