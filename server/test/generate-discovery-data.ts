// Bulk data for discovery's query-plan test and benchmark: users, projects, likes, saves, follows and
// comments made with generate_series in a few statements (50,000 projects take seconds, not minutes).
import { sql } from 'drizzle-orm';
import { CATEGORIES } from '@shared/constants';
import type { Db } from '../db/client';
import { recountAll } from '../db/recount';
import { refreshAllTrendingScores, refreshSearchWords } from '../modules/discovery/discovery.repository';

export type GenerateOptions = { projects: number; users: number; comments: number; likesPerUser?: number };

const TECH = ['React', 'Vue', 'Svelte', 'Rust', 'Python', 'Go', 'Kotlin', 'Swift', 'Elixir', 'Node'];
const THING = ['Dashboard', 'Game', 'Tracker', 'Chat', 'Compiler', 'Blog', 'Shop', 'Synth', 'Planner', 'Scraper', 'Bot'];
const FIRST = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Finn', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lou', 'Max', 'Nia', 'Oli', 'Pia', 'Quin', 'Rey', 'Sam', 'Tess'];
const LAST_A = ['Bright', 'Stone', 'Wood', 'Fair', 'Hill', 'Oak', 'River', 'Green', 'Black', 'Silver', 'Gold', 'North', 'West', 'Mill', 'Ash', 'Lake', 'Frost', 'Clay', 'Moss', 'Wolf'];
const LAST_B = ['wood', 'field', 'ton', 'ley', 'man', 'berg', 'ford', 'well', 'worth', 'by', 'son', 'dale', 'more', 'hurst', 'wick', 'stead', 'brook', 'ridge', 'gate', 'shaw'];
const WORDS = ['great', 'work', 'love', 'this', 'react', 'hooks', 'fast', 'clean', 'code', 'thanks', 'tutorial', 'helped', 'bug', 'idea'];

const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** Fills an empty database; answers the id of a member with follows, likes, saves and ratings. */
export async function generateDiscoveryData(db: Db, o: GenerateOptions): Promise<{ memberId: string }> {
  const likesPerUser = o.likesPerUser ?? 20;
  await db.execute(sql`
    INSERT INTO users (handle, first_name, last_name, email, is_premium, is_suspended)
    SELECT 'gen' || i, (${textArray(FIRST)})[1 + i % ${FIRST.length}],
      (${textArray(LAST_A)})[1 + (i / 3) % ${LAST_A.length}] || (${textArray(LAST_B)})[1 + (i / 61) % ${LAST_B.length}],
      'gen' || i || '@example.com',
      i % 17 = 0, i % 101 = 0
    FROM generate_series(1, ${o.users}) i`);
  await db.execute(sql`
    INSERT INTO users (handle, first_name, last_name, email) VALUES ('bench_member', 'Bench', 'Member', 'bench-member@example.com')`);

  await db.execute(sql`
    WITH authors AS (
      SELECT id, row_number() OVER (ORDER BY handle) - 1 AS n FROM users WHERE handle LIKE 'gen%'
    )
    INSERT INTO projects (author_id, title, description, thumbnail, category, project_url, tutorial_url, created_at, view_count)
    SELECT a.id,
      (${textArray(TECH)})[1 + i % ${TECH.length}] || ' ' || (${textArray(THING)})[1 + (i / ${TECH.length}) % ${THING.length}] || ' ' || i,
      'Generated project number ' || i || ' built with ' || (${textArray(TECH)})[1 + (i * 7) % ${TECH.length}],
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
    SELECT ps.lo + ((i * 7907) % ps.n), us.ids[1 + i % cardinality(us.ids)],
      (${textArray(WORDS)})[1 + i % ${WORDS.length}] || ' ' || (${textArray(WORDS)})[1 + (i / 3) % ${WORDS.length}] || ' '
        || (${textArray(WORDS)})[1 + (i / 7) % ${WORDS.length}] || ' comment ' || i
    FROM generate_series(1::bigint, ${o.comments}::bigint) i, ps, us`);
  await db.execute(sql`
    INSERT INTO shares (user_id, project_id, shared_at)
    SELECT r.user_id, r.project_id, now() - (abs(hashtext(r.user_id::text || r.project_id)::bigint) % 10000) * interval '1 minute'
    FROM reactions r WHERE abs(hashtext(r.user_id::text || r.project_id)::bigint) % 10 = 0
    ON CONFLICT DO NOTHING`);

  await recountAll(db);
  await refreshAllTrendingScores(db);
  await refreshSearchWords(db, { since: null });
  await db.execute(sql`ANALYZE`);
  const rows = ((await db.execute(sql`SELECT id FROM users WHERE handle = 'bench_member'`)) as unknown as { rows: { id: string }[] }).rows;
  return { memberId: rows[0]!.id };
}
