// npm run bench:queries: the query-level bench (no HTTP). Creates a throwaway database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// fills it with BENCH_PROJECTS projects (default 50,000) plus users, likes, saves, ratings, shares and
// comments, times trending, recommended pages, searches and a premium creator's analytics BENCH_ITERATIONS times each (default 30),
// prints p50/p95/max per query and drops the database again, also on failure, Ctrl-C or the time limit.
//   BENCH_KEEP_DB=1         keep the generated database (its name is printed) for later runs.
//   BENCH_EXISTING_DB=name  bench a database kept earlier (1M projects take long to generate): migrated
//                           to the current schema, never generated into, never dropped.
//   BENCH_DATABASE=pglite   generate into an in-memory PGlite instead (its own sizes, e.g. 10k-100k).
//   BENCH_PART=search       time searches only: the query log asked once (BENCH_SEARCH_QUERIES per class,
//                           default 30) and the judged query set's precision at 10.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { INITIAL_OFFSET, PAGE_SIZE } from '../shared/constants';
import { FOLLOWING_LIMIT } from '../shared/schemas/discovery';
import { openDatabase, type Database } from '../server/db/client';
import { listFollowingJson, refreshAllTrendingScores, searchIndexOf } from '../server/modules/discovery/discovery.repository';
import { generateDiscoveryData } from '../server/test/generate-discovery-data';
import { listRecommendedProjects } from '../server/modules/discovery/list-recommended-projects';
import { listTrendingProjects } from '../server/modules/discovery/list-trending-projects';
import { searchContent } from '../server/modules/discovery/search-content';
import { judgeSearch } from '../server/test/search-judged-queries';
import type { DiscoveryDeps } from '../server/modules/discovery/list-trending-projects';
import { QUERY_CLASSES, searchLog } from './search-log';
import { generateAnalyticsData } from '../server/test/generate-analytics-data';
import { getAnalytics } from '../server/modules/analytics/get-analytics';
import { ViewCounter } from '../server/db/view-counter';
import { EventBus } from '../server/events/domain-events';
import { PublicCache } from '../server/cache/public-cache';
import { createLogger } from '../server/logger';
import { findUserById } from '../server/modules/users/users.repository';
import { LiveSearchIndex } from '../server/modules/discovery/search-index/live-search-index';

const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROJECTS = boundedInt('BENCH_PROJECTS', 50_000, 1_000, 1_000_000);
const ITERATIONS = boundedInt('BENCH_ITERATIONS', 30, 1, 1_000);
const TIME_LIMIT_MS = boundedInt('BENCH_TIME_LIMIT_S', 600, 10, 3_600) * 1000;
const EXISTING_DB = process.env.BENCH_EXISTING_DB;
const ON_PGLITE = process.env.BENCH_DATABASE === 'pglite';
const SEARCH_ONLY = process.env.BENCH_PART === 'search';
const LOG_PER_CLASS = boundedInt('BENCH_SEARCH_QUERIES', 30, 3, 500);
const KEEP_DB = process.env.BENCH_KEEP_DB === '1' || !!EXISTING_DB;
if (EXISTING_DB !== undefined && !/^[a-z_][a-z0-9_]*$/.test(EXISTING_DB)) throw new Error('BENCH_EXISTING_DB must be a plain database name');
const SEARCHES = ['raect', 'json', 'react component', 'compiler', 'zzqqxxj'];

function boundedInt(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

type Row = { query: string; runs: number; p50: number; p95: number; max: number };

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

async function time(query: string, fn: (i: number) => Promise<unknown>, runs = ITERATIONS): Promise<Row> {
  await fn(0); // warm-up: plans and caches
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  return { query, runs, p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1]! };
}

function printTable(rows: Row[]) {
  const f = (n: number) => n.toFixed(1).padStart(9);
  const width = Math.max(...rows.map((r) => r.query.length), 5);
  console.log(`\n${'query'.padEnd(width)}  runs   p50 (ms)  p95 (ms)  max (ms)`);
  console.log(`${'-'.repeat(width)}  ----  --------- --------- ---------`);
  for (const r of rows) console.log(`${r.query.padEnd(width)}  ${String(r.runs).padStart(4)} ${f(r.p50)} ${f(r.p95)} ${f(r.max)}`);
}

/**
 * Search without its cache: the query log drawn from the data, each query asked once (p50/p95 per
 * class and the slowest queries), the fixed queries asked repeatedly, and the judged set's precision at 10.
 */
async function timeSearches(ctx: DiscoveryDeps): Promise<Row[]> {
  const rows: Row[] = [];
  // Projects and comments from the instance's index when it has one; else from the per-word postings,
  // and the text index where several words seldom meet.
  const index = ctx.searchIndex ? 'instance index' : `postings, ${await searchIndexOf(ctx.db)}`;
  const log = await searchLog(ctx.db, LOG_PER_CLASS);
  await searchContent(ctx, { q: 'warm up', offset: 0 }); // connections and plans, not any logged query's pages
  const all: { q: string; ms: number }[] = [];
  const failed: string[] = [];
  for (const cls of QUERY_CLASSES) {
    const ms: number[] = [];
    for (const q of log[cls]) {
      const start = performance.now();
      try {
        await searchContent(ctx, { q, offset: 0 });
      } catch (err) {
        // Named with the query and kept out of the timings, so one failure does not hide the rest.
        failed.push(`'${q}': ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`);
        continue;
      }
      ms.push(performance.now() - start);
      all.push({ q, ms: ms[ms.length - 1]! });
    }
    rows.push(summary(`search once (${index}): ${cls}`, ms));
  }
  rows.push(summary(`search once (${index}): all classes`, all.map((a) => a.ms)));
  for (const q of SEARCHES) rows.push(await time(`search '${q}' (repeated)`, () => searchContent(ctx, { q, offset: 0 })));
  if (failed.length) console.log(`\nFAILED searches (${failed.length}): ${failed.join('; ')}`);
  const slowest = [...all].sort((a, b) => b.ms - a.ms).slice(0, 8);
  console.log(`
Slowest searches asked once: ${slowest.map((s) => `'${s.q}' ${s.ms.toFixed(0)} ms`).join(', ')}`);
  const judged = await judgeSearch(ctx);
  console.log(`
Judged queries (precision at 10 = expected projects among the first ten / min(10, expected)):`);
  for (const r of judged.results) console.log(`  ${`'${r.q}'`.padEnd(16)} ${r.relevantInTop10}/${Math.min(10, r.expected)}  ${r.precision.toFixed(2)}`);
  console.log(`Mean precision at 10: ${judged.mean.toFixed(3)} over ${judged.results.length} queries`);
  return rows;
}

/** The same searches through the instance's index (projects and comments); its load timed and its memory measured. */
async function timeSearchesThroughIndex(ctx: DiscoveryDeps): Promise<Row[]> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  // Its documents live in typed arrays, outside the JavaScript heap: both are counted.
  const held = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  const heapBefore = held();
  const started = performance.now();
  const searchIndex = new LiveSearchIndex(ctx.db, createLogger('warn'));
  searchIndex.start();
  await searchIndex.ready();
  const loadMs = performance.now() - started;
  gc?.();
  const heapMb = (held() - heapBefore) / 1e6;
  console.log(`\nInstance index: loaded in ${(loadMs / 1000).toFixed(1)} s, ${gc ? `${heapMb.toFixed(0)} MB of heap and array buffers` : 'memory not measured (run node with --expose-gc)'}`);
  try {
    return [{ query: 'instance index load', runs: 1, p50: loadMs, p95: loadMs, max: loadMs }, ...(await timeSearches({ ...ctx, searchIndex }))];
  } finally {
    searchIndex.stop();
  }
}

function summary(query: string, ms: number[]): Row {
  const sorted = [...ms].sort((a, b) => a - b);
  return { query, runs: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] ?? 0 };
}

async function countProjects(db: Database['db']): Promise<number> {
  return Number(((await db.execute(sql`SELECT count(*) AS n FROM projects`)) as unknown as { rows: { n: string }[] }).rows[0]!.n);
}

async function main() {
  const name = ON_PGLITE ? 'PGlite (memory)' : (EXISTING_DB ?? `bb_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`);
  if (!EXISTING_DB && !ON_PGLITE) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  let database: Database | null = null;

  const drop = async () => {
    await database?.close().catch(() => undefined);
    database = null;
    if (KEEP_DB || ON_PGLITE) return;
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  let dropping: Promise<void> | null = null;
  const cleanUp = () => (dropping ??= drop());
  const abort = (why: string) => {
    console.error(`\n${why}: dropping ${name}`);
    void cleanUp().finally(() => process.exit(1));
  };
  process.once('SIGINT', () => abort('Interrupted'));
  process.once('SIGTERM', () => abort('Terminated'));
  const limit = setTimeout(() => abort(`Time limit of ${TIME_LIMIT_MS / 1000} s reached`), TIME_LIMIT_MS);
  limit.unref();

  try {
    database = ON_PGLITE ? openDatabase({ dataDir: 'memory' }) : openDatabase({ databaseUrl: url.href });
    await database.migrate();
    const db = database.db;
    let started = performance.now();
    let memberId: string;
    if (EXISTING_DB) {
      const member = ((await db.execute(sql`SELECT id FROM users WHERE handle = 'bench_member'`)) as unknown as { rows: { id: string }[] }).rows[0];
      if (!member) throw new Error(`BENCH_EXISTING_DB: ${name} has no generated data (no bench_member)`);
      memberId = member.id;
      console.log(`Database ${name}: reusing its ${(await countProjects(db)).toLocaleString('en-US')} projects`);
    } else {
      console.log(`Database ${name}: generating ${PROJECTS.toLocaleString('en-US')} projects...`);
      ({ memberId } = await generateDiscoveryData(db, {
        projects: PROJECTS,
        users: Math.max(100, Math.round(PROJECTS / 25)),
        comments: Math.round(PROJECTS * 0.4),
      }));
      console.log(`Generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // Autovacuum may be off: without a VACUUM the bulk load's dead rows and unset visibility map slow
      // every index scan (search took half again as long), and the planner needs the statistics.
      await db.execute(sql`VACUUM ANALYZE`);
    }

    const ctx = { db, events: new EventBus(createLogger('silent')), cache: new PublicCache({ redis: null, prefix: 'bench:', maxBytes: 1 << 20 }) };
    const rows: Row[] = [];
    rows.push(...(await timeSearches(ctx)));
    rows.push(...(await timeSearchesThroughIndex(ctx)));
    if (SEARCH_ONLY) {
      printTable(rows);
      return;
    }

    started = performance.now();
    // Views change without events: the scheduled refresh rescores the 10% of projects that got one.
    await db.execute(sql`UPDATE projects SET view_count = view_count + 1 WHERE id % 10 = 0`);
    const changed = await refreshAllTrendingScores(db);
    const refreshMs = performance.now() - started;

    // No handlers: a stale first page's background ranking is not part of what is timed here. The
    // recommended pages are read past the cache, as a miss reads them (the cache only hears of new rankings).
    rows.push({ query: `bulk trending refresh (${changed} changed)`, runs: 1, p50: refreshMs, p95: refreshMs, max: refreshMs });
    rows.push(await time('GET /api/projects/trending', () => listTrendingProjects(ctx)));
    rows.push(await time('recommended first page (rank + snapshot)', () => listRecommendedProjects(ctx, memberId, { limit: PAGE_SIZE, offset: 0 })));
    rows.push(
      await time('recommended later page (snapshot)', (i) =>
        listRecommendedProjects(ctx, memberId, { limit: PAGE_SIZE, offset: INITIAL_OFFSET + ((i * PAGE_SIZE) % 992) }),
      ),
    );
    // The following feed's query, as a cache miss runs it (the HTTP bench serves it from the cache).
    const followers = ((await db.execute(sql`SELECT id FROM users WHERE handle LIKE 'gen%' AND NOT is_suspended ORDER BY handle LIMIT 300`)) as unknown as { rows: { id: string }[] }).rows;
    rows.push(await time('following feed (query of a cache miss)', (i) => listFollowingJson(db, followers[i % followers.length]!.id, FOLLOWING_LIMIT, undefined)));

    // Analytics: a premium creator with 100 projects, each with 90 days of counters, among 10% of all
    // projects with 90 days of counters too.
    started = performance.now();
    await generateAnalyticsData(db, memberId);
    const statsMs = performance.now() - started;
    rows.push({ query: 'analytics counters generated (90 days)', runs: 1, p50: statsMs, p95: statsMs, max: statsMs });
    const creator = (await findUserById(db, memberId))!;
    const views = new ViewCounter(db); // nothing noted: its flush before each read is a no-op, as on a quiet server
    for (const range of ['7d', '30d', '90d'] as const) {
      rows.push(await time(`GET /api/analytics?range=${range} (100 projects)`, () => getAnalytics({ ...ctx, views }, creator, { range })));
    }
    printTable(rows);
  } finally {
    clearTimeout(limit);
    await cleanUp();
    console.log(KEEP_DB ? `\nKept ${name}: BENCH_EXISTING_DB=${name} benches it again.` : `\nDropped ${name}.`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
