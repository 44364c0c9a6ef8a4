// npm run bench: the API measured over HTTP with autocannon, on generated data, against a bare Express
// JSON route served by the same process in the same run (the reference, so ratios hold on any machine).
//
//   BENCH_MODE=quick (default): 10k and 100k projects on PostgreSQL plus 10k on PGlite, 3 s per route.
//   BENCH_MODE=full:            10k and 1M projects (100k users, ~10M interactions) plus PGlite, 10 s.
//   BENCH_SIZES=10000,270000    override the sizes; BENCH_DURATION_S, BENCH_PGLITE=0 to skip PGlite.
//   BENCH_SKIP_PG=1             skip the generated PostgreSQL sizes (PGlite or BENCH_EXISTING_DB alone).
//   BENCH_POSTGRES_URL          server to create the throwaway databases on (default the local one).
//
// For each size: a fresh database, the generator, VACUUM ANALYZE, real sessions for 300 members, then
// server/main's composition root in a child process (bench/bench-server.ts). Every route runs at 20 and
// at 50 connections. Results go to bench/results/<time>-<mode>.{json,md} (and latest.*). The databases
// are dropped again, also on failure or Ctrl-C, unless BENCH_KEEP_DB=1.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { INITIAL_OFFSET, PAGE_SIZE } from '../shared/constants';
import { openDatabase, type Database, type Db } from '../server/db/client';
import { generateAnalyticsData } from '../server/test/generate-analytics-data';
import { generateDiscoveryData } from '../server/test/generate-discovery-data';
import { seededRandom } from '../server/seed/developer-corpus';
import { queryLog } from './query-log';
import { CACHED, checkTargets, comparedSizes, growthHolds, pct, REAL, REFERENCE_ROUTE, targetsMarkdown, type Measure, type RouteResult, type SizeResult } from './targets';

type Mode = 'quick' | 'full';
const MODE: Mode = process.env.BENCH_MODE === 'full' ? 'full' : 'quick';
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = (process.env.BENCH_SIZES ?? (MODE === 'full' ? '10000,1000000' : '10000,100000')).split(',').map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1000 || n > 5_000_000) throw new Error('BENCH_SIZES: whole numbers from 1,000 to 5,000,000');
  return n;
});
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? (MODE === 'full' ? 10 : 3));
const WITH_PGLITE = process.env.BENCH_PGLITE !== '0';
// Only these routes (comma-separated names, e.g. "trending,/api/auth/user"), and extra node flags for the
// server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") when profiling one route.
const ONLY_ROUTES = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim()).filter(Boolean);
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SERVER_LOG = process.env.BENCH_SERVER_LOG;
// A database left by an earlier run or generator (e.g. 1M projects, ~25 min to generate): benched as
// it is and kept afterwards; PGlite is skipped, and so are the sizes unless BENCH_SIZES names some.
const EXISTING_DB = process.env.BENCH_EXISTING_DB;
// Keep the generated PostgreSQL databases (their names are printed) for later BENCH_EXISTING_DB runs.
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const SESSIONS = 300;
/** Members whose recommended pages are asked without a cached page (each has a ranking, primed once). */
const MANY_MEMBERS = 1000;
/** Queries in the search log: more than any run asks, none twice. */
const QUERY_LOG_SIZE = 60_000;
const SECRET = 'bench-session-secret-'.padEnd(48, 'x');

/** acceptEncoding: what a browser sends (BROWSER_ACCEPT_ENCODING), for the routes that measure what members get. */
type BenchRequest = { method?: string; path: string; cookie?: string; body?: string; acceptEncoding?: string };
/** Chromium's Accept-Encoding: members' browsers always send one, and the server then compresses. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** prime: asked once per item before the warm-up (the many members' first rankings). */
type Target = { name: string; setup: (i: number) => BenchRequest; prime?: { setup: (i: number) => BenchRequest; amount: number } };

/** express-session's signed cookie value (cookie-signature): s:<sid>.<base64 HMAC-SHA256 without padding>. */
function signedCookie(sid: string): string {
  const mac = createHmac('sha256', SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `bb.sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

type Fixture = {
  cookies: string[];
  /** The top 200 by trending score (the cached project page route). */
  projectIds: number[];
  /** Every project a visitor may see, for the long tail. */
  allProjectIds: number[];
  /** Sessions of MANY_MEMBERS members, for recommended pages that no one asked before. */
  manyCookies: string[];
  queries: string[];
};

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Sizes of the generated community for a number of projects: 1M -> 100k users, ~10M interactions. */
function generateOptions(projects: number) {
  const users = Math.max(500, Math.round(projects / 10));
  return { projects, users, comments: Math.round(projects * 0.4), likesPerUser: projects >= 500_000 ? 80 : 20 };
}

/** Sessions as the server stores them, for the bench member and the next active members; a few notifications each. */
async function prepareFixture(db: Db, memberId: string): Promise<Fixture> {
  const members = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE NOT is_suspended AND (id = ${memberId} OR handle LIKE 'gen%') ORDER BY id = ${memberId} DESC, handle LIMIT ${SESSIONS}`,
  );
  const cookies = await sessionsFor(db, members.map((m) => m.id));
  // The next members by handle (the generator's members have rankings of their own once asked).
  const many = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE NOT is_suspended AND handle LIKE 'gen%' ORDER BY handle OFFSET ${SESSIONS} LIMIT ${MANY_MEMBERS}`,
  );
  const manyCookies = await sessionsFor(db, many.map((m) => m.id));
  await db.execute(sql`
    INSERT INTO notifications (user_id, actor_id, type, title, message, link, project_id, created_at)
    SELECT u.id, a.id, 'like', 'New like', 'Someone liked your project', '/project/' || p.id, p.id, now() - g * interval '1 minute'
    FROM (SELECT id FROM users WHERE handle LIKE 'gen%' ORDER BY handle LIMIT ${SESSIONS}) u,
      (SELECT id FROM users WHERE handle = 'bench_member') a,
      (SELECT min(id) AS id FROM projects) p, generate_series(1, 40) g`);
  const ids = await rows<{ id: number }>(db, sql`SELECT p.id FROM projects p JOIN users u ON u.id = p.author_id WHERE NOT u.is_suspended ORDER BY p.trending_score DESC LIMIT 200`);
  const all = await rows<{ id: number }>(db, sql`SELECT p.id FROM projects p JOIN users u ON u.id = p.author_id WHERE NOT u.is_suspended`);
  // The query log comes from what is stored: a sample of titles and descriptions spread at random over
  // the ids, the same sample in every run on a database (runs of two commits compare the same queries).
  const sample = await rows<{ text: string }>(db, sql`SELECT title || ' ' || coalesce(description, '') AS text FROM projects ORDER BY md5(id::text) LIMIT 5000`);
  const queries = queryLog(sample.map((r) => r.text), QUERY_LOG_SIZE);
  console.log(`  query log: ${queries.length.toLocaleString('en-US')} distinct queries from ${sample.length} sampled projects`);
  return { cookies, projectIds: ids.map((r) => Number(r.id)), allProjectIds: shuffled(all.map((r) => Number(r.id))), manyCookies, queries };
}

/** Stored sessions for these members, as the server writes them; their signed cookies. */
async function sessionsFor(db: Db, memberIds: string[]): Promise<string[]> {
  const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const cookies: string[] = [];
  for (const id of memberIds) {
    const sid = randomBytes(18).toString('base64url');
    const sess = { cookie: { originalMaxAge: 30 * 24 * 3600 * 1000, expires: expires.toISOString(), httpOnly: true, path: '/', sameSite: 'lax', secure: false }, userId: id };
    await db.execute(sql`INSERT INTO sessions (sid, user_id, sess, expires_at) VALUES (${sid}, ${id}, ${JSON.stringify(sess)}::jsonb, ${expires.toISOString()})`);
    cookies.push(signedCookie(sid));
  }
  return cookies;
}

/** The ids in a random order (seeded: every run walks the long tail the same way). */
function shuffled(ids: number[]): number[] {
  const random = seededRandom(16);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids;
}

function targets(f: Fixture): Target[] {
  const member = (i: number) => f.cookies[i % f.cookies.length]!;
  const project = (i: number) => f.projectIds[i % f.projectIds.length]!;
  const search = (q: string): Target => ({ name: CACHED.search(q), setup: (i) => ({ path: `/api/search?q=${encodeURIComponent(q)}`, cookie: member(i) }) });
  // Counters that run on across the warm-up and both runs: no long-tail page, fresh recommended page
  // or query of the log is asked twice in one server's run (the mix shares them).
  let longTail = 0;
  let fresh = 0;
  let asked = 0;
  const anyProject = () => f.allProjectIds[longTail++ % f.allProjectIds.length]!;
  const nextQuery = () => {
    if (asked === f.queries.length) console.warn('  the query log ran out: queries are asked again from here (a cache may answer them)');
    return f.queries[asked++ % f.queries.length]!;
  };
  const logSearch = (i: number): BenchRequest => ({ path: `/api/search?q=${encodeURIComponent(nextQuery())}`, cookie: member(i) });
  const many = f.manyCookies.length ? f.manyCookies : f.cookies;
  /** The mix's share of each kind, in a hundred requests (interleaved: request k is kind (37k mod 100)). */
  const mix = (i: number): BenchRequest => {
    const r = (i * 37) % 100;
    if (r < 30) return { path: `/api/projects/${anyProject()}`, cookie: member(i) };
    if (r < 48) return { path: '/api/projects/trending', cookie: member(i) };
    if (r < 62) return { path: '/api/projects/following', cookie: member(i) };
    if (r < 76) return { path: '/api/notifications', cookie: member(i) };
    if (r < 90) return logSearch(i);
    if (r < 94) return { method: 'POST', path: `/api/projects/${anyProject()}/react`, cookie: member(i), body: '{"type":"like"}' };
    if (r < 97) return { method: 'DELETE', path: `/api/projects/${anyProject()}/react`, cookie: member(i), body: '{"type":"like"}' };
    return { method: 'POST', path: `/api/projects/${anyProject()}/comments`, cookie: member(i), body: `{"content":"Bench mix comment ${i}"}` };
  };
  const all: Target[] = [
    { name: CACHED.trending, setup: () => ({ path: '/api/projects/trending' }) },
    { name: CACHED.projectPage, setup: (i) => ({ path: `/api/projects/${project(i)}` }) },
    { name: CACHED.recommendedFirst, setup: (i) => ({ path: `/api/projects/recommended?limit=${INITIAL_OFFSET}&offset=0`, cookie: member(i) }) },
    { name: CACHED.recommendedLater, setup: (i) => ({ path: `/api/projects/recommended?limit=${PAGE_SIZE}&offset=${INITIAL_OFFSET + PAGE_SIZE * (i % 4)}`, cookie: member(i) }) },
    { name: CACHED.following, setup: (i) => ({ path: '/api/projects/following', cookie: member(i) }) },
    { name: CACHED.notifications, setup: (i) => ({ path: '/api/notifications', cookie: member(i) }) },
    { name: '/api/auth/user', setup: (i) => ({ path: '/api/auth/user', cookie: member(i) }) },
    search('react'),
    search('dashb'),
    search('raect'),
    {
      name: 'like/unlike',
      // Each member alternates like and unlike on its own project of the round: both are idempotent.
      setup: (i) => ({ method: Math.floor(i / f.cookies.length) % 2 === 0 ? 'POST' : 'DELETE', path: `/api/projects/${project(i)}/react`, cookie: member(i), body: '{"type":"like"}' }),
    },
    { name: 'comment', setup: (i) => ({ method: 'POST', path: `/api/projects/${project(i)}/comments`, cookie: member(i), body: `{"content":"Bench comment ${i}"}` }) },
    // The premium creator of 100 projects (target: 50 ms in a database of 1M projects, bench/targets.ts).
    { name: 'analytics 30d (100 projects)', setup: () => ({ path: '/api/analytics?range=30d', cookie: f.cookies[0] }) },
    // What members get: the cached answers as a member reads them, with the session cookie...
    { name: REAL.trendingMember, setup: (i) => ({ path: '/api/projects/trending', cookie: member(i) }) },
    { name: REAL.projectPageMember, setup: (i) => ({ path: `/api/projects/${project(i)}`, cookie: member(i) }) },
    // ...the long tail: any project of the database, in a shuffled order...
    { name: REAL.projectPageAll, setup: (i) => ({ path: `/api/projects/${anyProject()}`, cookie: member(i) }) },
    // ...pages no member asked before: each member's first page ranks once (prime), then later pages of
    // sizes and offsets never asked again (8 offsets x 10 sizes per member).
    {
      name: REAL.recommendedMany,
      prime: { setup: (i) => ({ path: `/api/projects/recommended?limit=${INITIAL_OFFSET}&offset=0`, cookie: many[i % many.length]! }), amount: many.length },
      setup: () => {
        const k = fresh++;
        const round = Math.floor(k / many.length);
        return { path: `/api/projects/recommended?limit=${PAGE_SIZE + (Math.floor(round / 8) % 10)}&offset=${INITIAL_OFFSET + (round % 8) * 3}`, cookie: many[k % many.length]! };
      },
    },
    // ...searches as typed, none asked twice...
    { name: REAL.searchLog, setup: logSearch },
    // ...and reads while writes drop what they change.
    { name: REAL.mix, setup: mix },
  ];
  // What members get comes with their browser's Accept-Encoding; the cached rows keep their history's
  // requests (none), so that their figures compare with earlier runs.
  const real = new Set<string>(Object.values(REAL));
  const asBrowser = (setup: (i: number) => BenchRequest) => (i: number) => ({ ...setup(i), acceptEncoding: BROWSER_ACCEPT_ENCODING });
  return all.map((t) => (real.has(t.name) ? { ...t, setup: asBrowser(t.setup), ...(t.prime ? { prime: { ...t.prime, setup: asBrowser(t.prime.setup) } } : {}) } : t));
}

/** `seconds` of requests, or with `amount`, that many requests (the warm-up's pass over every member). */
async function measure(url: string, origin: string, connections: number, seconds: number, setup?: (i: number) => BenchRequest, amount?: number): Promise<Measure> {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(amount ? { amount } : {}),
    requests: [
      {
        setupRequest: (req) => {
          if (!setup) return req;
          const r = setup(n++);
          const headers: Record<string, string> = { origin, accept: 'application/json' };
          if (r.cookie) headers.cookie = r.cookie;
          if (r.acceptEncoding) headers['accept-encoding'] = r.acceptEncoding;
          if (r.body) headers['content-type'] = 'application/json';
          return { ...req, method: (r.method ?? 'GET') as 'GET', path: r.path, headers, body: r.body };
        },
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors, requests: result.requests.total };
}

/** The CPU time (user + system, ms) a process has used so far, from /proc; undefined off Linux. */
function cpuMs(pid: number | undefined): number | undefined {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (100 per second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/**
 * A measured run plus the server's CPU time per answered request, the after-answer work it left
 * included (counted until the server is drained). Less noisy than req/s on a shared machine: other
 * processes slow the server down, but rarely change what each request costs it.
 */
async function measureWithCpu(pid: number | undefined, api: string, run: () => Promise<Measure>): Promise<Measure> {
  const before = cpuMs(pid);
  const m = await run();
  await drain(api);
  const after = cpuMs(pid);
  return before === undefined || after === undefined || m.requests === 0 ? m : { ...m, cpuUsPerRequest: ((after - before) * 1000) / m.requests };
}

/** Waits until the server has worked off the previous run's requests (a health check answers quickly). */
async function drain(api: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(`${api}/api/health`).catch(() => undefined);
    if (performance.now() - started < 50) return;
  }
}

async function benchServer(label: string, env: Record<string, string>, fixture: Fixture): Promise<RouteResult[]> {
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', 'bench/bench-server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      API_RATE_LIMIT: '100000000',
      SEARCH_RATE_LIMIT: '100000000',
      SESSION_SECRET: SECRET,
      PUBLIC_URL: '',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server's log (BENCH_LOG_LEVEL=info logs every request with its time) kept for reading afterwards.
  if (SERVER_LOG) child.stdout!.pipe(createWriteStream(SERVER_LOG, { flags: 'a' }));
  try {
    const urls = await new Promise<{ api: string; bare: string }>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /BENCH_READY (\{.*\})/.exec(out);
        if (m) resolve(JSON.parse(m[1]!) as { api: string; bare: string });
      });
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}: ${out}`)));
    });
    const origin = urls.api;
    const list = targets(fixture).filter((t) => !ONLY_ROUTES || ONLY_ROUTES.includes(t.name));
    const warm = Math.max(1, Math.round(DURATION_S / 3));
    const results: RouteResult[] = [];
    // The reference runs first and again last; its best run is the ratio's denominator.
    await measure(urls.bare, origin, 20, warm);
    const bare20 = await measureWithCpu(child.pid, origin, () => measure(urls.bare, origin, 20, DURATION_S));
    const bare50 = await measure(urls.bare, origin, 50, DURATION_S);
    results.push({ route: REFERENCE_ROUTE, c20: bare20, c50: bare50, ratio: 1 });
    for (const t of list) {
      if (t.prime) await measure(urls.api + '/', origin, 20, 600, t.prime.setup, t.prime.amount);
      // The warm-up asks once for every member, then for `warm` seconds: a run measures the steady
      // state, not each member's first request ever (a first recommendation ranking, a first feed read;
      // bench:queries times those cold queries).
      await measure(urls.api + '/', origin, 20, warm, t.setup, fixture.cookies.length);
      await measure(urls.api + '/', origin, 20, warm, t.setup);
      await drain(urls.api);
      const c20 = await measureWithCpu(child.pid, urls.api, () => measure(urls.api + '/', origin, 20, DURATION_S, t.setup));
      const c50 = await measure(urls.api + '/', origin, 50, DURATION_S, t.setup);
      await drain(urls.api);
      results.push({ route: t.name, c20, c50, ratio: 0 });
      console.log(`  ${label} ${t.name}: ${c20.rps.toFixed(0)} req/s, p50 ${c20.p50} ms, p99@50 ${c50.p99} ms, ${c20.cpuUsPerRequest?.toFixed(0) ?? 'n/a'} µs CPU/req${c20.non2xx + c50.non2xx ? `, non-2xx ${c20.non2xx + c50.non2xx}` : ''}`);
    }
    const bareAgain = await measureWithCpu(child.pid, origin, () => measure(urls.bare, origin, 20, DURATION_S));
    const reference = Math.max(bare20.rps, bareAgain.rps);
    results[0]!.c20 = bare20.rps >= bareAgain.rps ? bare20 : bareAgain;
    for (const r of results) r.ratio = r.c20.rps / reference;
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

/**
 * PostgreSQL's buffer cache against what the routes read. Pages outside it come from the OS cache,
 * which these machines' kernel reclaims when idle (DAMON): with the 128 MB default a 1M-project
 * database answers long-tail reads and searches from disk.
 */
async function postgresMemory(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows: [r] } = await c.query<{ buffers: string; data: string; share: string }>(`
      SELECT current_setting('shared_buffers') AS buffers,
        pg_size_pretty(pg_total_relation_size('projects') + pg_total_relation_size('comments')) AS data,
        round(100.0 * pg_size_bytes(current_setting('shared_buffers'))
          / greatest(1, pg_total_relation_size('projects') + pg_total_relation_size('comments')))::int AS share`);
    return `PostgreSQL shared_buffers ${r!.buffers}, ${r!.share}% of the size of projects and comments with their indexes (${r!.data}).`;
  } finally {
    await c.end();
  }
}

async function withPostgres(projects: number): Promise<SizeResult> {
  const name = `bb_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  if (KEEP_DB) console.log(`Keeping database ${name} (BENCH_KEEP_DB=1): drop it with DROP DATABASE ${name}`);
  else cleanups.push(async () => {
    const c = new pg.Client({ connectionString: SERVER_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.href });
  const label = `${projects.toLocaleString('en-US')} projects (PostgreSQL)`;
  let fixture: Fixture;
  let generateSeconds: number;
  try {
    ({ fixture, generateSeconds } = await generate(database, projects, label));
    // Autovacuum may be off: the planner and the visibility map need a VACUUM ANALYZE after a bulk load.
    const c = new pg.Client({ connectionString: url.href });
    await c.connect();
    await c.query('VACUUM ANALYZE');
    await c.end();
  } finally {
    await database.close();
  }
  const memory = await postgresMemory(url.href);
  const routes = await benchServer(label, { DATABASE_URL: url.href }, fixture);
  return { label, projects, database: 'postgres', generateSeconds, routes, memory };
}

async function withExistingPostgres(name: string): Promise<SizeResult> {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.href });
  let fixture: Fixture;
  let projects: number;
  try {
    await database.migrate();
    const [m] = await rows<{ id: string }>(database.db, sql`SELECT id FROM users WHERE handle = 'bench_member'`);
    if (!m) throw new Error(`BENCH_EXISTING_DB: ${name} has no generated data (no bench_member)`);
    // First pages rank afresh, as in a generated database.
    await database.db.execute(sql`DELETE FROM recommendation_snapshots`);
    // A database made by bench:queries has no premium creator: without one, analytics answers 403 to every request.
    const [premium] = await rows<{ ok: boolean }>(database.db, sql`SELECT is_premium AND premium_expires_at > now() AS ok FROM users WHERE id = ${m.id}`);
    if (!premium?.ok) await generateAnalyticsData(database.db, m.id);
    fixture = await prepareFixture(database.db, m.id);
    projects = Number((await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM projects`))[0]!.n);
  } finally {
    await database.close();
  }
  const label = `${projects.toLocaleString('en-US')} projects (PostgreSQL, existing ${name})`;
  const memory = await postgresMemory(url.href);
  const routes = await benchServer(label, { DATABASE_URL: url.href }, fixture);
  return { label, projects, database: 'postgres', generateSeconds: 0, routes, memory };
}

async function withPglite(projects: number): Promise<SizeResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bb-bench-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const database = openDatabase({ dataDir: dir });
  const label = `${projects.toLocaleString('en-US')} projects (PGlite)`;
  let fixture: Fixture;
  let generateSeconds: number;
  try {
    ({ fixture, generateSeconds } = await generate(database, projects, label));
    await database.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await database.close();
  }
  const routes = await benchServer(label, { DATA_DIR: dir }, fixture);
  return { label, projects, database: 'pglite', generateSeconds, routes };
}

async function generate(database: Database, projects: number, label: string) {
  await database.migrate();
  console.log(`${label}: generating...`);
  const started = performance.now();
  const { memberId } = await generateDiscoveryData(database.db, generateOptions(projects));
  // The bench member (the first session) is also a premium creator with 100 projects, for analytics.
  await generateAnalyticsData(database.db, memberId);
  const fixture = await prepareFixture(database.db, memberId);
  const generateSeconds = (performance.now() - started) / 1000;
  console.log(`${label}: generated in ${generateSeconds.toFixed(1)} s`);
  return { fixture, generateSeconds };
}

const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);

function markdown(results: SizeResult[]): string {
  const out: string[] = [`# Benchmark (${MODE}, ${DURATION_S} s per route and connection count)`, ''];
  out.push(`Run ${new Date().toISOString()} on ${process.platform}, node ${process.version}. Ratio = req/s at 20 connections / bare Express req/s in the same run.`, '');
  for (const r of results) {
    out.push(`## ${r.label}`, '', `Generated in ${f1(r.generateSeconds)} s.${r.memory ? ` ${r.memory}` : ''}`, '');
    out.push('| route | req/s (20 c) | ratio | p50 ms | p99 ms (20 c) | req/s (50 c) | p99 ms (50 c) | non-2xx | server CPU µs/req (20 c) |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const x of r.routes) {
      const cpu = x.c20.cpuUsPerRequest === undefined ? 'n/a' : f0(x.c20.cpuUsPerRequest);
      out.push(`| ${x.route} | ${f0(x.c20.rps)} | ${pct(x.ratio)} | ${x.c20.p50} | ${x.c20.p99} | ${f0(x.c50.rps)} | ${x.c50.p99} | ${x.c20.non2xx + x.c50.non2xx + x.c20.errors + x.c50.errors} | ${cpu} |`);
    }
    out.push('');
  }
  const { growth, pglite } = comparedSizes(results);
  if (growth) {
    const { small, large } = growth;
    out.push(`## Growth from ${small.projects.toLocaleString('en-US')} to ${large.projects.toLocaleString('en-US')} projects (p50 ratio, target <= 1.5)`, '');
    out.push('| route | p50 small | p50 large | growth | mean latency growth | ratio small | ratio large |', '|---|---:|---:|---:|---:|---:|---:|');
    for (const x of large.routes) {
      const s = small.routes.find((y) => y.route === x.route);
      if (!s) continue;
      const g = growthHolds(s.c20, x.c20);
      out.push(`| ${x.route} | ${s.c20.p50} | ${x.c20.p50} | ${f1(g.p50Growth)}x | ${g.meanGrowth.toFixed(2)}x | ${pct(s.ratio)} | ${pct(x.ratio)} |`);
    }
    out.push('');
  }
  if (pglite) {
    const { lite, pg: pgSame } = pglite;
    out.push(`## PGlite / PostgreSQL at ${lite.projects.toLocaleString('en-US')} projects (req/s at 20 connections, target >= 33%)`, '');
    out.push('| route | PostgreSQL req/s | PGlite req/s | PGlite / PostgreSQL |', '|---|---:|---:|---:|');
    for (const x of lite.routes) {
      const p = pgSame.routes.find((y) => y.route === x.route);
      if (p) out.push(`| ${x.route} | ${f0(p.c20.rps)} | ${f0(x.c20.rps)} | ${pct(x.c20.rps / p.c20.rps)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}

const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()!().catch((err: unknown) => console.error(err));
}

async function main() {
  const started = Date.now();
  const results: SizeResult[] = [];
  if (EXISTING_DB) results.push(await withExistingPostgres(EXISTING_DB));
  for (const size of (EXISTING_DB && !process.env.BENCH_SIZES) || process.env.BENCH_SKIP_PG ? [] : SIZES) {
    results.push(await withPostgres(size));
    await cleanUp();
  }
  if (WITH_PGLITE && !EXISTING_DB) {
    results.push(await withPglite(Math.min(...SIZES)));
    await cleanUp();
  }
  const checks = checkTargets(results);
  const md = `${markdown(results)}\n${targetsMarkdown(checks)}`;
  console.log(`\n${md}`);
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const json = JSON.stringify({ mode: MODE, durationSeconds: DURATION_S, seconds: (Date.now() - started) / 1000, results, targets: checks }, null, 2);
  const kind = ONLY_ROUTES ? `${MODE}-partial` : MODE;
  for (const name of [`${stamp}-${kind}`, `latest-${kind}`]) {
    writeFileSync(join(dir, `${name}.json`), json);
    writeFileSync(join(dir, `${name}.md`), md);
  }
  console.log(`Results in bench/results/${stamp}-${kind}.{json,md}`);
}

process.once('SIGINT', () => void cleanUp().finally(() => process.exit(1)));
process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(1)));
main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
