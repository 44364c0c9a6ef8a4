// npm run soak:kill: writes under load while the server is killed (SIGKILL) and restarted again and
// again; at the end, what the writes should have caused is counted: lost, doubled, re-sent.
//
// One real server process on a throwaway PostgreSQL database (TEST_POSTGRES_URL), mail to a real SMTP
// server in this process. For SOAK_MINUTES (default 3), SOAK_CONCURRENCY (default 6) loops sign members up
// (one verification mail each) and ask for password resets (one reset mail each); every
// SOAK_KILL_EVERY_S (default 15) seconds the server is SIGKILLed and started again; meanwhile members
// comment on each other's projects (one notification each). Then the outbox is left to drain and every
// event is matched with its mail by Message-ID, every comment with its notification:
//   lost     an event without its mail
//   doubled  an event with two different mails
//   re-sent  one mail delivered twice (the relay accepted it in the instant before a kill)
// Exits 1 when anything is lost or doubled.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db/rows';
import { startMailbox } from '../server/test/mailbox';
import { spawnServer, type SpawnedServer } from '../server/test/spawn-server';
import { TestClient } from '../server/test/http-client';
import { externalProjectInput } from '../server/test/fixtures';
import { createTestDatabase } from '../server/test/test-database';
import { countCommentNotifications, formatLedger } from './notification-ledger';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 3);
const KILL_EVERY_MS = Number(process.env.SOAK_KILL_EVERY_S ?? 15) * 1000;
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 6);
if (!(MINUTES > 0) || !(KILL_EVERY_MS > 0) || !(CONCURRENCY > 0)) throw new Error('SOAK_MINUTES, SOAK_KILL_EVERY_S and SOAK_CONCURRENCY must be positive');

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });

async function main() {
  const db = await createTestDatabase('postgres');
  const mailbox = await startMailbox();
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-kill-soak-'));
  const env = {
    DATABASE_URL: db.url!,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    SMTP_URL: mailbox.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOGIN_RATE_LIMIT: '100000',
    API_RATE_LIMIT: '1000000',
    OUTBOX_LEASE_MS: '3000',
  };
  let server: SpawnedServer = await spawnServer(env, 120_000);
  let url = server.url;
  const stopAt = Date.now() + MINUTES * 60_000;
  const registered: string[] = [];
  let kills = 0;
  let failedRequests = 0;

  const loop = async (n: number) => {
    for (let i = 0; Date.now() < stopAt; i++) {
      try {
        if (i % 3 === 2 && registered.length > 0) {
          await post(url, '/api/auth/forgot-password', { email: registered[Math.floor(Math.random() * registered.length)] });
        } else {
          const email = `soak-${n}-${i}-${randomBytes(3).toString('hex')}@example.com`;
          const res = await post(url, '/api/auth/register', { email, password: 'correct horse battery' });
          if (res.status === 201) registered.push(email);
        }
      } catch {
        // The server is down between a kill and its restart: what was committed is counted from the database.
        failedRequests++;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const killer = (async () => {
    while (Date.now() + KILL_EVERY_MS < stopAt) {
      await new Promise((r) => setTimeout(r, KILL_EVERY_MS * (0.5 + Math.random())));
      server.child.kill('SIGKILL');
      await server.exited;
      kills++;
      server = await spawnServer(env, 120_000);
      url = server.url;
    }
  })();
  // Commenters: two members, each commenting on the other's project; their cookie sessions survive restarts.
  const pair = await Promise.all(
    [0, 1].map(async (i) => {
      const c = new TestClient(url);
      const reg = await c.post('/api/auth/register', { email: `commenter-${i}-${randomBytes(3).toString('hex')}@example.com`, password: 'correct horse battery' });
      if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${reg.text}`);
      const project = await c.post('/api/projects', externalProjectInput({ title: `Kill soak project ${i}`, description: 'Commented on while the server dies.' }));
      if (project.status !== 201) throw new Error(`project failed: ${project.status} ${project.text}`);
      return { cookie: c.cookieHeader, projectId: project.body.id as number };
    }),
  );
  const commenter = async (i: 0 | 1) => {
    const me = pair[i]!;
    const other = pair[1 - i]!;
    for (let n = 0; Date.now() < stopAt; n++) {
      try {
        // Plain fetch: the address changes with each restart, the session cookie does not.
        await fetch(`${url}/api/projects/${other.projectId}/comments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: me.cookie, origin: url },
          body: JSON.stringify({ content: `Comment ${n} while the server may die` }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        failedRequests++;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  await Promise.all([...Array.from({ length: CONCURRENCY }, (_, n) => loop(n)), commenter(0), commenter(1), killer]);

  // Drain: the outbox of the last instance hands everything over.
  const { openDatabase } = await import('../server/db/client');
  const reader = openDatabase({ databaseUrl: db.url! });
  for (let waited = 0; ; waited += 500) {
    const [row] = await rowsOf<{ n: number }>(reader.db, sql`SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL AND failed_at IS NULL`);
    if (row!.n === 0 || waited > 120_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const users = await rowsOf<{ email: string }>(reader.db, sql`SELECT email FROM users WHERE email LIKE 'soak-%'`);
  const [requests] = await rowsOf<{ n: number }>(reader.db, sql`SELECT count(*)::int AS n FROM outbox WHERE topic = 'password-reset-request'`);
  await reader.close();

  const report = { events: 0, lost: 0, doubled: 0, resent: 0 };
  for (const { email } of users) {
    const got = mailbox.to(email).filter((m) => m.subject === 'Verify your email address');
    const ids = new Set(got.map((m) => m.messageId));
    report.events++;
    if (ids.size === 0) report.lost++;
    if (ids.size > 1) report.doubled += ids.size - 1;
    report.resent += got.length - ids.size;
  }
  const resets = mailbox.messages.filter((m) => m.subject === 'Reset your Buildboard password');
  const resetIds = new Set(resets.map((m) => m.messageId));
  report.events += requests!.n;
  report.lost += Math.max(0, requests!.n - resetIds.size);
  report.doubled += Math.max(0, resetIds.size - requests!.n);
  report.resent += resets.length - resetIds.size;

  console.log(
    `kill soak: ${MINUTES} min, ${kills} SIGKILLs, ${CONCURRENCY} loops; ${users.length} sign-ups and ${requests!.n} reset requests committed; ${failedRequests} requests failed while the server was down`,
  );
  console.log(`mails: events ${report.events}, lost ${report.lost}, doubled ${report.doubled}, re-sent (same Message-ID) ${report.resent}`);
  const ledger = await countCommentNotifications(db.url!);
  console.log(formatLedger(ledger));
  server.child.kill('SIGKILL');
  await server.exited;
  await mailbox.close();
  await db.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(report.lost === 0 && report.doubled === 0 && ledger.lost === 0 && ledger.doubled === 0 ? 0 : 1);
}

await main();
