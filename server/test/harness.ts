import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCurrentUser } from '@shared/schemas/auth';
import { loadConfig } from '../config';
import type { Logger } from '../logger';
import { startServer, type RunningServer } from '../start-server';
import { TestClient } from './http-client';
import { createTestDatabase } from './test-database';
import { startMailbox, tokenIn, type Mailbox } from './mailbox';

export type TestServer = RunningServer & {
  dbKind: string;
  dataDir: string;
  client(): TestClient;
  /** The status of a conditional GET (If-None-Match), with a member's cookie header when given. */
  conditionalStatus(path: string, etag: string, cookie?: string): Promise<number>;
  /** The real SMTP server this test server sends its mail to (SMTP_URL), and what it received. */
  mailbox: Mailbox;
  /**
   * Registers a fresh member and returns their signed-in client; `verified` also follows the link of their
   * verification mail (listed ADMIN_EMAILS become admins then), and `user` is read again after it.
   */
  signUp(opts?: { firstName?: string; lastName?: string; email?: string; verified?: boolean }): Promise<{ client: TestClient; user: TCurrentUser; email: string; password: string }>;
  /** Follows the verification link mailed to `email`, with that member's client. */
  verifyEmail(client: TestClient, email: string): Promise<TCurrentUser>;
  close(): Promise<void>;
};

/** The Redis the tests that need one use (each test server takes its own key prefix in it). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Starts the real server on port 0 over a fresh database (practica's startWebServer pattern). */
export async function startTestServer(env: Record<string, string> = {}, opts: { logger?: Logger; serveWeb?: boolean } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-test-'));
  const testDb = await createTestDatabase();
  const mailbox = await startMailbox();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    // Each test server gets its own Redis namespace: no state leaks between runs or files.
    REDIS_PREFIX: `bbt:${randomBytes(4).toString('hex')}:`,
    SMTP_URL: mailbox.url,
    ...env,
  });
  const running = keptAlive(await startServer(config, { database: testDb.database, serveWeb: opts.serveWeb ?? false, logger: opts.logger }));
  // Tests read what a write caused right after its answer: the client waits for the side-effect queue.
  const client = () => new TestClient(running.url, () => running.deps.events.idle());
  const verifyEmail = async (c: TestClient, email: string): Promise<TCurrentUser> => {
    const mail = await mailbox.waitFor(email, 'Verify your email address');
    const res = await c.post('/api/auth/verify-email', { token: tokenIn(mail) });
    if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${res.text}`);
    return (await c.get('/api/auth/user')).body as TCurrentUser;
  };
  return {
    ...running,
    dbKind: testDb.database.kind,
    dataDir,
    mailbox,
    verifyEmail,
    client,
    // node:http, because fetch adds "cache-control: no-cache" to a conditional request.
    conditionalStatus: (path, etag, cookie = '') =>
      new Promise<number>((resolve, reject) => {
        get(`${running.url}${path}`, { headers: { 'if-none-match': etag, cookie } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        }).on('error', reject);
      }),
    async signUp(opts = {}) {
      const c = client();
      const email = opts.email ?? `m${randomBytes(5).toString('hex')}@example.com`;
      const password = 'correct horse battery';
      const res = await c.post('/api/auth/register', { email, password, firstName: opts.firstName, lastName: opts.lastName });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
      const user = opts.verified ? await verifyEmail(c, email) : (res.body as TCurrentUser);
      return { client: c, user, email, password };
    },
    async close() {
      const redis = running.deps.redis;
      if (redis) {
        // Leave Redis as we found it.
        for await (const keys of redis.scanIterator({ MATCH: `${config.REDIS_PREFIX}*`, COUNT: 500 })) {
          if (keys.length) await redis.del(keys);
        }
      }
      await running.stop();
      await mailbox.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second instance of `first`'s server on the same database (and Redis, when `first` has REDIS_URL). */
export async function startSecondInstance(first: TestServer): Promise<RunningServer> {
  return keptAlive(await startServer(first.deps.config, { database: first.database, serveWeb: false, logger: first.logger }));
}

/**
 * The test client shares this process's event loop with PGlite, whose long statements hold both sides'
 * idle timers: a server closing a kept-alive connection (5 s by default) just as the client reuses it
 * reset the request (ECONNRESET). The client lets go of idle connections first.
 */
function keptAlive(running: RunningServer): RunningServer {
  running.server.keepAliveTimeout = 60_000;
  return running;
}
