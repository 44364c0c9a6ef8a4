// npm run bench:realtime: realtime under a deploy (no pushes lost), and realtime memory per socket.
//
// Part 1, the deploy: two instances on a throwaway PostgreSQL database and Redis behind HAProxy
// (deploy/haproxy.cfg), BENCH_MEMBERS members (default 40) with sockets opened as the web client opens them
// (shared/realtime/transport.ts, the reconnect and resync of web/lib/use-live-notifications.ts),
// BENCH_IDLE more idle sockets (default 3,000), one client commenting on the members' projects
// BENCH_WRITES_PER_S times a second (default 45), and one instance stopped with SIGTERM after
// BENCH_STOP_AFTER_S seconds (default 5). Part 2, memory: BENCH_MEMORY_SOCKETS idle signed-in sockets
// (default 10,000) straight to one instance (no HAProxy: it would hold two files per socket) while the
// members' pushes are written on a second instance, so latency is measured across instances. Memory is
// read BENCH_MEMORY_SETTLE_S (default 60) seconds after the sockets connected, as it is (RSS as an
// operator sees it, no collection forced), then after full GCs (what the sockets keep alive), both from
// the instance's compacted floor before the sockets.
// BENCH_NODE_FLAGS adds V8 flags to the memory instance (to try a GC setting: --heap-growing-percent=50).
// Prints one table; drops the database and the Redis keys afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createClient } from 'redis';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, RealtimeNotification, ServerToClientEvents } from '../shared/realtime/events';
import { jitteredDelay, socketOptions } from '../shared/realtime/transport';
import { startCluster, startInstance, type Instance } from '../deploy/cluster';
import { realtimeChecks, type DeployFigures, type MemoryFigures } from './realtime-targets';
import { targetsMarkdown } from './targets';

const PG_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MEMBERS = int('BENCH_MEMBERS', 40);
const IDLE = int('BENCH_IDLE', 3_000);
const WRITES_PER_S = int('BENCH_WRITES_PER_S', 45);
const STOP_AFTER_S = int('BENCH_STOP_AFTER_S', 5);
const LOAD_S = int('BENCH_LOAD_S', 20);
const MEMORY_SOCKETS = int('BENCH_MEMORY_SOCKETS', 10_000);
const BASE_PORT = int('BENCH_BASE_PORT', 18_500);
const MEMORY_SETTLE_MS = int('BENCH_MEMORY_SETTLE_S', 60) * 1000;
const SOCKETS_PER_IDLE_USER = 200;
/** Which parts to run: '1', '2' or '12' (default). */
const PARTS = process.env.BENCH_PARTS ?? '12';

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  const n = raw ? Number(raw) : fallback;
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Account = { id: string; cookie: string };

async function signUp(url: string, name: string): Promise<Account> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${name}-${randomBytes(4).toString('hex')}@bench.dev`, password: 'correct horse battery', firstName: name, lastName: 'Bench' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { id: ((await res.json()) as { id: string }).id, cookie };
}

/** A socket that behaves like web/lib/use-live-notifications.ts, with timings for the table. */
class LiveSocket {
  socket: ClientSocket;
  connected = false;
  everConnected = false;
  disconnectedAt: number | null = null;
  backAfterMs: number | null = null;
  dropped = false;
  recovered = 0;
  resyncs = 0;
  /** Wall-clock times of its disconnections and connections, to explain a missed notification. */
  readonly history: { at: number; what: string }[] = [];
  private attempt = 0;

  constructor(
    url: string,
    private readonly account: Account,
    private readonly onPush?: (n: RealtimeNotification) => void,
    private readonly onResync?: () => void,
  ) {
    this.socket = io(url, { ...socketOptions, extraHeaders: { cookie: account.cookie } });
    this.socket.on('notification:new', (n) => this.onPush?.(n));
    this.socket.on('connect', () => {
      this.history.push({ at: Date.now(), what: this.everConnected ? (this.socket.recovered ? 'back (recovered)' : 'back (new session)') : 'connected' });
      this.connected = true;
      this.attempt = 0;
      if (this.everConnected && this.disconnectedAt !== null && this.backAfterMs === null) this.backAfterMs = performance.now() - this.disconnectedAt;
      if (this.everConnected) {
        if (this.socket.recovered) this.recovered++;
        else this.resyncs++;
        // As the web client: every reconnection refetches the list, a recovered one too.
        this.onResync?.();
      }
      this.everConnected = true;
    });
    this.socket.on('disconnect', (reason) => {
      this.history.push({ at: Date.now(), what: `disconnected (${reason})` });
      this.connected = false;
      if (reason === 'io client disconnect') return;
      if (!this.dropped) {
        this.dropped = true;
        this.disconnectedAt = performance.now();
      }
      if (reason === 'io server disconnect') setTimeout(() => this.socket.connect(), jitteredDelay(this.attempt++));
    });
  }

  close() {
    this.socket.disconnect();
  }
}

async function openSockets(url: string, accounts: Account[], count: number, batch = 250): Promise<LiveSocket[]> {
  const sockets: LiveSocket[] = [];
  for (let i = 0; i < count; i += batch) {
    const slice = Array.from({ length: Math.min(batch, count - i) }, (_, j) => new LiveSocket(url, accounts[(i + j) % accounts.length]!));
    sockets.push(...slice);
    await waitFor(() => slice.every((s) => s.connected), 60_000, 'idle sockets to connect');
  }
  return sockets;
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) {
      console.warn(`  (gave up waiting for ${what})`);
      return false;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** "p50 / p95 / p99 ms" of these values. */
function pcts(values: number[]): string {
  return `${[50, 95, 99].map((p) => percentile(values, p).toFixed(1)).join(' / ')} ms`;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Members with a project each, their live sockets and what they received. */
async function setUpMembers(opts: { writeUrl: string; socketUrl: string; db: pg.Client; count: number }) {
  const members: Account[] = [];
  for (let i = 0; i < opts.count; i++) members.push(await signUp(opts.writeUrl, `Member${i}`));
  const projectIds: number[] = [];
  for (const m of members) {
    const { rows } = await opts.db.query<{ id: number }>(
      `INSERT INTO projects (author_id, title, description, thumbnail, category, tutorial_url)
       VALUES ($1, 'Bench project', 'A project to comment on', '/favicon.svg', 'Web', 'https://example.com') RETURNING id`,
      [m.id],
    );
    projectIds.push(rows[0]!.id);
  }
  const pushed = new Set<number>();
  const resynced = new Set<number>();
  const latencies: { at: number; ms: number }[] = [];
  /** From the notification's stored createdAt (same machine, same clock) to its arrival: the realtime path alone. */
  const deliveries: { at: number; ms: number }[] = [];
  const outstanding = members.map(() => [] as number[]); // send times of writes to each member, oldest first
  const sockets = members.map(
    (m, i) =>
      new LiveSocket(
        opts.socketUrl,
        m,
        (n) => {
          if (pushed.has(n.id)) return;
          pushed.add(n.id);
          deliveries.push({ at: performance.now(), ms: Date.now() - Date.parse(n.createdAt) });
          const sent = outstanding[i]!.shift();
          if (sent !== undefined) latencies.push({ at: performance.now(), ms: performance.now() - sent });
        },
        () => {
          // As the web client after a reconnection: refetch the list (and count).
          void fetch(`${opts.writeUrl}/api/notifications`, { headers: { cookie: m.cookie } })
            .then((r) => r.json() as Promise<{ id: number }[]>)
            .then((list) => {
              for (const n of list) if (!pushed.has(n.id)) resynced.add(n.id);
            })
            .catch(() => undefined);
        },
      ),
  );
  await waitFor(() => sockets.every((s) => s.connected), 30_000, 'member sockets to connect');
  return { members, projectIds, sockets, pushed, resynced, latencies, deliveries, outstanding };
}

/** One commenter writing on the members' projects at a steady rate. */
function startWrites(url: string, commenter: Account, projectIds: number[], outstanding: number[][]) {
  const stats = { sent: 0, ok: 0, failed: 0, errors: new Map<string, number>() };
  let i = 0;
  const timer = setInterval(() => {
    const target = i++ % projectIds.length;
    stats.sent++;
    const sentAt = performance.now();
    outstanding[target]!.push(sentAt);
    fetch(`${url}/api/projects/${projectIds[target]}/comments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: commenter.cookie },
      body: JSON.stringify({ content: `Comment ${i}` }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) stats.ok++;
        else throw new Error(`HTTP ${res.status}`);
      })
      .catch((err: unknown) => {
        stats.failed++;
        const key = err instanceof Error ? err.message : String(err);
        stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
        const k = outstanding[target]!.indexOf(sentAt);
        if (k >= 0) outstanding[target]!.splice(k, 1);
      });
  }, 1000 / WRITES_PER_S);
  return { stats, stop: () => clearInterval(timer) };
}

async function countNotifications(db: pg.Client, members: Account[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = ANY($1::uuid[])', [members.map((m) => m.id)]);
  return rows[0]!.n;
}

async function memoryOf(instance: Instance, read: 'memory' | 'memory-floor' | 'memory-after-gc'): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no memory answer')), 30_000);
    instance.child.once('message', (m: { memory: NodeJS.MemoryUsage }) => {
      clearTimeout(timer);
      resolve(m.memory);
    });
    instance.child.send(read);
  });
}

async function main() {
  const tag = randomBytes(4).toString('hex');
  const dbName = `bb_bench_rt_${tag}`;
  const prefix = `bbrt:${tag}:`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${dbName}`;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-bench-rt-'));
  const env = { SEED_DEMO: 'false', REDIS_PREFIX: prefix, LOGIN_RATE_LIMIT: '100000', API_RATE_LIMIT: '1000000', LOG_LEVEL: 'error' };
  const cleanups: (() => Promise<unknown>)[] = [];
  const table: [string, string][] = [];
  let deployFigures: DeployFigures | null = null;
  let memoryFigures: MemoryFigures | null = null;
  try {
    // ---- Part 1: a deploy under load, behind HAProxy
    if (PARTS.includes('1')) {
      console.log(`Part 1: 2 instances behind HAProxy, ${MEMBERS} members + ${IDLE} idle sockets, ${WRITES_PER_S} writes/s, SIGTERM at ${STOP_AFTER_S} s`);
      const cluster = await startCluster({
        instances: 2,
        port: BASE_PORT,
        firstInstancePort: BASE_PORT + 1,
        databaseUrl: dbUrl.toString(),
        redisUrl: REDIS_URL,
        dataDir,
        env,
      });
      cleanups.push(() => cluster.stop());
      await db.connect();
      const m = await setUpMembers({ writeUrl: cluster.url, socketUrl: cluster.url, db, count: MEMBERS });
      const commenter = await signUp(cluster.url, 'Commenter');
      const idleUsers: Account[] = [];
      for (let i = 0; i < Math.ceil(IDLE / SOCKETS_PER_IDLE_USER); i++) idleUsers.push(await signUp(cluster.url, `Idle${i}`));
      const idle = await openSockets(cluster.url, idleUsers, IDLE);
      const all = [...m.sockets, ...idle];
      const connectedBefore = all.filter((s) => s.connected).length;

      const writes = startWrites(cluster.url, commenter, m.projectIds, m.outstanding);
      await new Promise((r) => setTimeout(r, STOP_AFTER_S * 1000));
      const stoppedAt = performance.now();
      const stoppedAtWall = Date.now();
      const victim = cluster.instances[0]!;
      const exit = await victim.stop();
      console.log(`  app1 stopped with exit code ${exit} after ${Math.round(performance.now() - stoppedAt)} ms`);
      if (exit !== 0) console.log(victim.output().slice(-3000));
      await new Promise((r) => setTimeout(r, Math.max(0, LOAD_S * 1000 - (performance.now() - stoppedAt) - STOP_AFTER_S * 1000)));
      writes.stop();
      await waitFor(() => all.every((s) => s.connected), Math.max(0, 30_000 - (performance.now() - stoppedAt)), 'sockets to come back');
      await waitFor(() => writes.stats.ok + writes.stats.failed === writes.stats.sent, 10_000, 'writes to finish');
      const created = await countNotifications(db, m.members);
      // Let the last pushes and resyncs land.
      await waitFor(() => m.pushed.size + m.resynced.size >= created, 15_000, 'the last pushes');
      const dropped = all.filter((s) => s.dropped);
      const back = dropped.filter((s) => s.backAfterMs !== null && s.backAfterMs <= 30_000);
      const slowest = Math.max(0, ...back.map((s) => s.backAfterMs!));
      const { rows: ids } = await db.query<{ id: number; userId: string; createdAt: Date }>(
        'SELECT id, user_id AS "userId", created_at AS "createdAt" FROM notifications WHERE user_id = ANY($1::uuid[])',
        [m.members.map((a) => a.id)],
      );
      const missedRows = ids.filter((r) => !m.pushed.has(r.id) && !m.resynced.has(r.id));
      const missed = missedRows.length;
      // What happened around each one, in ms from the SIGTERM: its member's socket's history.
      for (const r of missedRows) {
        const socket = m.sockets[m.members.findIndex((a) => a.id === r.userId)];
        const story = socket?.history.map((h) => `${h.what} at ${h.at - stoppedAtWall}`).join(', ');
        console.log(`  missed: notification ${r.id}, stored at ${r.createdAt.getTime() - stoppedAtWall} ms; its socket: ${story}`);
      }
      deployFigures = { dropped: dropped.length, back: back.length, missed, writesFailed: writes.stats.failed };
      const steady = m.latencies.filter((l) => l.at < stoppedAt).map((l) => l.ms);
      const allLatencies = m.latencies.map((l) => l.ms);
      table.push(
        ['Sockets connected before the stop', `${connectedBefore} of ${all.length}`],
        ['Sockets dropped by the stop', String(dropped.length)],
        ['Back within 30 s (slowest)', `${back.length} of ${dropped.length} (${(slowest / 1000).toFixed(1)} s)`],
        ['Recovered sessions / resyncs', `${all.reduce((n, s) => n + s.recovered, 0)} / ${all.reduce((n, s) => n + s.resyncs, 0)}`],
        ['Writes sent / failed', `${writes.stats.sent} / ${writes.stats.failed}${writes.stats.failed ? ` (${[...writes.stats.errors].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`],
        ['Notifications created / pushed / resynced / missed', `${created} / ${m.pushed.size} / ${m.resynced.size} / ${missed}`],
        ['Write-to-push latency p50 / p95 / p99, before the stop', pcts(steady)],
        ['Write-to-push latency p50 / p95 / p99, whole run (replays included)', pcts(allLatencies)],
        ['Stored-to-push latency p50 / p95 / p99, before the stop', pcts(m.deliveries.filter((l) => l.at < stoppedAt).map((l) => l.ms))],
      );
      for (const s of all) s.close();
      await cluster.stop();
      cleanups.pop();
    }

    // ---- Part 2: memory per idle socket on one instance, latency across instances with them connected
    if (PARTS.includes('2') && MEMORY_SOCKETS > 0) {
      if (!PARTS.includes('1')) await db.connect();
      console.log(`Part 2: ${MEMORY_SOCKETS} idle sockets straight to one instance; pushes written on another`);
      const shared = { instances: 1, port: 0, firstInstancePort: 0, databaseUrl: dbUrl.toString(), redisUrl: REDIS_URL, dataDir, env: { ...env, SESSION_SECRET: randomBytes(32).toString('hex') } };
      const holder = await startInstance('mem', BASE_PORT + 10, { ...shared, nodeArgs: ['--expose-gc', ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', './bench/memory-probe.mjs'] });
      cleanups.push(() => holder.stop());
      const writer = await startInstance('writer', BASE_PORT + 11, shared);
      cleanups.push(() => writer.stop());
      const m2 = await setUpMembers({ writeUrl: writer.url, socketUrl: holder.url, db, count: MEMBERS });
      const commenter2 = await signUp(writer.url, 'Commenter');
      const idleUsers2: Account[] = [];
      for (let i = 0; i < Math.ceil(MEMORY_SOCKETS / SOCKETS_PER_IDLE_USER); i++) idleUsers2.push(await signUp(writer.url, `Idle${i}`));
      // The server has just served the sign-ups; the baseline is read once that has settled too.
      await new Promise((r) => setTimeout(r, 5_000));
      const before = await memoryOf(holder, 'memory');
      // The floor the figures start from: the least this instance holds before the sockets (compacted),
      // so garbage left from before them, which a collection after them also clears, is not credited to them.
      const floor = await memoryOf(holder, 'memory-floor');
      const beforeGc = await memoryOf(holder, 'memory-after-gc');
      const idle2 = await openSockets(holder.url, idleUsers2, MEMORY_SOCKETS);
      // Idle means after the connection burst has settled: V8's memory reducer gives back the pages the
      // burst's garbage needed (it runs once the process has been quiet for a few seconds).
      await new Promise((r) => setTimeout(r, MEMORY_SETTLE_MS));
      const after = await memoryOf(holder, 'memory');
      const afterGc = await memoryOf(holder, 'memory-after-gc');
      type Field = 'rss' | 'heapUsed' | 'heapTotal' | 'external';
      const perSocket = (k: Field) => (after[k] - floor[k]) / MEMORY_SOCKETS / 1024;
      const perSocketGc = (k: Field) => (afterGc[k] - beforeGc[k]) / MEMORY_SOCKETS / 1024;
      const mb = (m: NodeJS.MemoryUsage) => `${(m.rss / 2 ** 20).toFixed(0)} MB RSS, heap ${(m.heapUsed / 2 ** 20).toFixed(0)} of ${(m.heapTotal / 2 ** 20).toFixed(0)} MB`;
      console.log(`  before: ${mb(before)} (floor: ${mb(floor)}, after GC: ${mb(beforeGc)}); after: ${mb(after)} (after GC: ${mb(afterGc)})`);
      const writes2 = startWrites(writer.url, commenter2, m2.projectIds, m2.outstanding);
      await new Promise((r) => setTimeout(r, 10_000));
      writes2.stop();
      await waitFor(() => writes2.stats.ok + writes2.stats.failed === writes2.stats.sent, 10_000, 'writes to finish');
      await new Promise((r) => setTimeout(r, 500));
      const lat = m2.latencies.map((l) => l.ms);
      memoryFigures = { rssPerSocketKb: perSocket('rss'), pushP95Ms: percentile(lat, 95), writesFailed: writes2.stats.failed };
      table.push(
        [`Server RSS per idle signed-in socket, ${MEMORY_SETTLE_MS / 1000} s idle, no GC forced (${MEMORY_SOCKETS} on one instance)`, `${perSocket('rss').toFixed(1)} KB`],
        // Where the RSS goes: the V8 heap as committed (used plus the slack the connection burst left) and
        // memory outside it (Buffers, ArrayBuffers).
        ['Of that: V8 heap used / committed / external, per socket', `${perSocket('heapUsed').toFixed(1)} / ${perSocket('heapTotal').toFixed(1)} / ${perSocket('external').toFixed(1)} KB`],
        ['After three full GCs: RSS / heap used, per socket (what the sockets keep alive)', `${perSocketGc('rss').toFixed(1)} KB / ${perSocketGc('heapUsed').toFixed(1)} KB`],
        [`Write-to-push latency p50 / p95 / p99 across instances, ${MEMORY_SOCKETS + MEMBERS} sockets, ${WRITES_PER_S} writes/s`, `${pcts(lat)} (${lat.length} pushes, ${writes2.stats.failed} writes failed)`],
        [`Stored-to-push latency p50 / p95 / p99 across instances, same run`, pcts(m2.deliveries.map((l) => l.ms))],
      );
      for (const s of [...m2.sockets, ...idle2]) s.close();
    }
  } finally {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    const redis = createClient({ url: REDIS_URL });
    await redis.connect();
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
    await redis.quit();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const width = Math.max(...table.map(([k]) => k.length));
  console.log(`\n| ${'Measure'.padEnd(width)} | Result |\n|${'-'.repeat(width + 2)}|--------|`);
  for (const [k, v] of table) console.log(`| ${k.padEnd(width)} | ${v} |`);
  console.log(`\n${targetsMarkdown(realtimeChecks(deployFigures, memoryFigures))}`);
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
