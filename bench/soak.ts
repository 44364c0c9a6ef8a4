// npm run soak: mixed traffic against one real server process on PostgreSQL, to find leaks and slow drift.
//
// Starts server/main.ts on a throwaway PostgreSQL database (TEST_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432/postgres), signs up members, and for SOAK_MINUTES (default 30)
// runs SOAK_CONCURRENCY (default 8) loops of reads, writes and image uploads while SOAK_SOCKETS (default
// 10) Socket.IO clients stay connected. Prints, per interval, the requests, errors and p99 latency and
// the server's resident memory; at the end the errors (must be 0), memory at start and end, and the
// comments' notifications lost and doubled (must be 0). Exits 1 on any error, loss or double. The database is dropped and the server stopped at the end, on failure and on Ctrl-C.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { externalProjectInput, PNG_1PX } from '../server/test/fixtures';
import { countCommentNotifications, formatLedger } from './notification-ledger';
import { TestClient } from '../server/test/http-client';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { createTestDatabase, type TestDatabase } from '../server/test/test-database';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const SOCKETS = Number(process.env.SOAK_SOCKETS ?? 10);
const MEMBERS = 20;
if (!(MINUTES > 0) || !(CONCURRENCY > 0) || !(SOCKETS >= 0)) throw new Error('SOAK_MINUTES and SOAK_CONCURRENCY must be positive numbers');
const DURATION_MS = MINUTES * 60_000;
const INTERVAL_MS = Math.max(10_000, Math.min(60_000, DURATION_MS / 10));

type Member = { client: TestClient; id: string; projectId: number };

function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const p99 = (ms: number[]) => {
  if (ms.length === 0) return 0;
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.99 * s.length) - 1)]!;
};

async function main() {
  let db: TestDatabase | null = null;
  let server: SpawnedServer | null = null;
  const sockets: Socket[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-soak-'));
  const cleanup = async () => {
    for (const s of sockets) s.close();
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited.catch(() => undefined);
    }
    await db?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  try {
    db = await createTestDatabase('postgres');
    await db.database.close();
    server = await spawnServer({
      DATABASE_URL: db.url!,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      API_RATE_LIMIT: '100000000',
      LOGIN_RATE_LIMIT: '100000',
    });
    const url = server.url;
    const pid = server.child.pid;
    console.log(`Soak: ${MINUTES} min, ${CONCURRENCY} loops, ${SOCKETS} sockets against ${url} (PostgreSQL)`);

    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const client = new TestClient(url);
      const reg = await client.post('/api/auth/register', { email: `soak${i}@example.com`, password: 'correct horse battery', firstName: 'Soak', lastName: `Member${i}` });
      if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${reg.text}`);
      const project = await client.post('/api/projects', externalProjectInput({ title: `Soak project ${i}`, description: 'A project of the soak test' }));
      if (project.status !== 201) throw new Error(`project failed: ${project.status} ${project.text}`);
      members.push({ client, id: reg.body.id as string, projectId: project.body.id as number });
    }
    let socketErrors = 0;
    let pushes = 0;
    for (let i = 0; i < SOCKETS; i++) {
      const m = members[i % members.length]!;
      const s = io(url, { transports: ['websocket'], extraHeaders: { cookie: m.client.cookieHeader }, reconnection: true });
      s.on('connect_error', () => socketErrors++);
      s.on('notification:new', () => pushes++);
      sockets.push(s);
    }

    const visitor = new TestClient(url);
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const actions: [number, (m: Member) => Promise<{ status: number }>][] = [
      [20, () => visitor.get('/api/projects?limit=20')],
      [20, (m) => m.client.get(`/api/projects/${pick(members).projectId}`)],
      [8, () => visitor.get('/api/projects/trending')],
      [5, (m) => m.client.get(`/api/search?q=${pick(['soak', 'project', 'membr', 'zzz'])}`)],
      [10, () => visitor.get(`/api/projects/${pick(members).projectId}/comments`)],
      [8, (m) => m.client.post(`/api/projects/${pick(members).projectId}/comments`, { content: `soak comment ${Math.random()}` })],
      [6, (m) => m.client.post(`/api/projects/${pick(members).projectId}/react`, {})],
      [4, (m) => m.client.delete(`/api/projects/${pick(members).projectId}/react`)],
      [3, (m) => m.client.post(`/api/projects/${pick(members).projectId}/save`)],
      [4, (m) => m.client.post('/api/upload/image', (() => { const f = new FormData(); f.set('image', new Blob([PNG_1PX], { type: 'image/png' }), 'a.png'); return f; })())],
      [5, (m) => m.client.get(`/api/users/${pick(members).id}`)],
      [4, (m) => m.client.get('/api/notifications/unread-count')],
      [3, (m) => m.client.get('/api/projects/following')],
    ];
    const total = actions.reduce((s, [w]) => s + w, 0);
    const choose = () => {
      let x = Math.random() * total;
      for (const [w, fn] of actions) if ((x -= w) < 0) return fn;
      return actions[0]![1];
    };

    const start = performance.now();
    const deadline = Date.now() + DURATION_MS;
    const memStart = rssMb(pid);
    let window: number[] = [];
    let requests = 0;
    let errors = 0;
    let clientErrors = 0;
    const samples: { minute: number; requests: number; p99: number; rss: number }[] = [];
    const errorSamples: string[] = [];
    const report = () => {
      const sample = { minute: (performance.now() - start) / 60_000, requests: window.length, p99: p99(window), rss: rssMb(pid) };
      samples.push(sample);
      console.log(`  ${sample.minute.toFixed(1).padStart(5)} min  ${String(sample.requests).padStart(6)} req  p99 ${sample.p99.toFixed(1).padStart(7)} ms  errors ${errors}  rss ${sample.rss.toFixed(0)} MB  sockets ${sockets.filter((s) => s.connected).length}/${SOCKETS}`);
      window = [];
    };
    const timer = setInterval(report, INTERVAL_MS);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < deadline) {
          const m = pick(members);
          const t0 = performance.now();
          try {
            const res = await choose()(m);
            if (res.status >= 500) {
              errors++;
              if (errorSamples.length < 10) errorSamples.push(`HTTP ${res.status}`);
            } else if (res.status >= 400 && res.status !== 429) clientErrors++;
          } catch (err) {
            errors++;
            if (errorSamples.length < 10) errorSamples.push(String(err));
          }
          window.push(performance.now() - t0);
          requests++;
        }
      }),
    );
    clearInterval(timer);
    report();
    const memEnd = rssMb(pid);
    console.log(`\nRequests: ${requests}  errors (5xx or network): ${errors}  other 4xx: ${clientErrors}  socket connect errors: ${socketErrors}  live pushes: ${pushes}`);
    if (errorSamples.length) console.log(`First errors:\n  ${errorSamples.join('\n  ')}`);
    console.log(`p99 over time (ms): ${samples.map((s) => s.p99.toFixed(0)).join(', ')}`);
    console.log(`Server memory (RSS): start ${memStart.toFixed(0)} MB, end ${memEnd.toFixed(0)} MB`);
    const ledger = await countCommentNotifications(db.url!);
    console.log(formatLedger(ledger));
    await cleanup();
    process.exit(errors > 0 || ledger.lost > 0 || ledger.doubled > 0 ? 1 : 0);
  } catch (err) {
    console.error(err);
    console.error(server?.output().slice(-2000) ?? '');
    await cleanup();
    process.exit(1);
  }
}

void main();
