import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, runServerExpectingExit } from './test/spawn-server';
import { createTestDatabase, type TestDatabase } from './test/test-database';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './db/client';
import { rowsOf } from './db/rows';
import { lacksAutovacuum } from './db/vacuum';
import { users } from './db/schema';
import { DEMO_PASSWORD } from './seed/demo-data';

// The real process: `node server/main.ts` on an empty DATA_DIR (and, on PostgreSQL, an empty database).
let dataDir: string;
let pg: TestDatabase | null = null;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bb-startup-'));
  env = { DATA_DIR: dataDir, NODE_ENV: 'test' };
  if (process.env.TEST_DB === 'postgres') {
    pg = await createTestDatabase('postgres');
    await pg.database.close();
    env.DATABASE_URL = pg.url!;
  }
});
afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function withDatabase<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const db = openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

const countUsers = () => withDatabase(async ({ db }) => (await db.select().from(users)).length);

/** The table upkeep job's last run, or null if it never ran. */
const tableUpkeep = () =>
  withDatabase(async ({ db }) => {
    const [row] = await rowsOf<{ ran: boolean; error: string | null }>(
      db,
      sql`SELECT last_succeeded_started_at IS NOT NULL AS ran, last_error AS error FROM scheduled_jobs WHERE name = 'db:vacuum'`,
    );
    return row ?? null;
  });

describe('start-up and shutdown', () => {
  it('when started on an empty database, then it migrates, loads the demo set once and prints how to sign in', async () => {
    const first = await spawnServer(env);
    expect(first.output()).toContain('Demo data loaded');
    expect(first.output()).toContain('admin@buildboard.dev');
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@buildboard.dev', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).isAdmin).toBe(true);
    // The demo activity produced notifications, e.g. for Ada, whom others follow and whose projects they like.
    const ada = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@buildboard.dev', password: DEMO_PASSWORD }),
    });
    const cookie = ada.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const notes = (await (await fetch(`${first.url}/api/notifications`, { headers: { cookie } })).json()) as { message: string }[];
    expect(notes.map((n) => n.message)).toContain('Linus Berg started following you');
    expect(notes.map((n) => n.message)).toContain('Linus Berg liked your project "Snake in WebGL"');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const seeded = await countUsers();
    expect(seeded).toBeGreaterThanOrEqual(5);
    // Where no autovacuum runs (PGlite; a server with it off), the server looked after its tables itself.
    expect(await tableUpkeep()).toEqual((await withDatabase(lacksAutovacuum)) ? { ran: true, error: null } : null);

    // A restart finds the demo set and does not load it again, nor says it did.
    const second = await spawnServer(env);
    expect(second.output()).not.toContain('Demo data loaded');
    expect(second.output()).toContain('Demo accounts from an earlier start. Sign in with any of these');
    expect(second.output()).toContain('admin@buildboard.dev  (admin)');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await countUsers()).toBe(seeded);
  }, 120_000);

  it('when SIGTERM arrives during a request, then that request still completes and the process exits 0', async () => {
    const server = await spawnServer({ ...env, SEED_DEMO: 'false' });
    const body = JSON.stringify({ email: 'slow@example.com', password: 'a-long-password' });
    const url = new URL('/api/auth/login', server.url);
    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      // Half the body now, the rest after the signal: the request is in flight when SIGTERM lands.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await answered).toBe(401);
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('when a variable is invalid (PORT=abc), then it refuses to start and names the variable', async () => {
    const { code, output } = await runServerExpectingExit({ ...env, PORT: 'abc' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/PORT: /);
  }, 60_000);
});
