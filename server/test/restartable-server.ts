import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startMailbox, type Mailbox } from './mailbox';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { createTestDatabase, type TestDatabase } from './test-database';

export type RestartableServer = {
  /** The environment every start gets (DATABASE_URL set on PostgreSQL runs). */
  env: Record<string, string>;
  /** Where PGlite keeps its files between starts. */
  dataDir: string;
  mailbox: Mailbox;
  /** Starts a server process on the same database; every one still running is SIGKILLed after the file. */
  start(): Promise<SpawnedServer>;
};

/**
 * For tests that SIGKILL a real server process and start it again: a database that outlives the process
 * (PGlite's files in DATA_DIR, or a fresh PostgreSQL database when TEST_DB=postgres) and a real SMTP
 * mailbox. A killed instance's outbox claims lapse after a short lease, so restarts do not wait long.
 */
export function restartableServer(prefix: string, extraEnv: Record<string, string> = {}): RestartableServer {
  const running: SpawnedServer[] = [];
  let pg: TestDatabase | null = null;
  const server: RestartableServer = {
    env: {},
    dataDir: '',
    mailbox: null as unknown as Mailbox,
    async start() {
      const s = await spawnServer(server.env, 90_000);
      running.push(s);
      return s;
    },
  };
  beforeAll(async () => {
    server.dataDir = mkdtempSync(join(tmpdir(), prefix));
    server.mailbox = await startMailbox();
    server.env = {
      DATA_DIR: server.dataDir,
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      SMTP_URL: server.mailbox.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOGIN_RATE_LIMIT: '1000',
      OUTBOX_LEASE_MS: '2000',
      ...extraEnv,
    };
    if (process.env.TEST_DB === 'postgres') {
      pg = await createTestDatabase('postgres');
      await pg.database.close();
      server.env.DATABASE_URL = pg.url!;
    }
  });
  afterAll(async () => {
    for (const s of running) s.child.kill('SIGKILL');
    await server.mailbox?.close();
    await pg?.drop();
    if (server.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
  });
  return server;
}
