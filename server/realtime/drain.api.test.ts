import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { Server as NetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, RealtimeNotification, ServerToClientEvents } from '@shared/realtime/events';
import { socketOptions } from '@shared/realtime/transport';
import type { TCurrentUser } from '@shared/schemas/auth';
import { startServer, type RunningServer } from '../start-server';
import { TestClient } from '../test/http-client';
import { startTestServer, type TestServer, TEST_REDIS_URL } from '../test/harness';
import { spawnServer, type SpawnedServer } from '../test/spawn-server';
import { startBalancer } from '../test/tcp-balancer';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

// Two instances on one database and one Redis; one is stopped as a deploy would stop it (SIGTERM on
// PostgreSQL, where both are real processes; its stop() on PGlite, which one process owns) while a client
// is on it, behind a tiny TCP balancer.
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Instance = { url: string; stop(): Promise<number | null> };

const DRAIN_DELAY_MS = 400;

let first: Instance; // the client is on this one; it gets stopped
let second: Instance;
let cleanup: () => Promise<void>;
let balancer: NetServer;
let balancerUrl: string;

beforeAll(async () => {
  const env = {
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `bbt:${randomBytes(4).toString('hex')}:`,
    SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
  };
  if (process.env.TEST_DB === 'postgres') {
    const pg: TestDatabase = await createTestDatabase('postgres');
    await pg.database.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'bb-drain-'));
    const common = { ...env, DATABASE_URL: pg.url!, DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false', SESSION_SECRET: randomBytes(32).toString('hex') };
    const asInstance = (s: SpawnedServer): Instance => ({
      url: s.url,
      stop: () => {
        s.child.kill('SIGTERM');
        return s.exited;
      },
    });
    const spawned: SpawnedServer[] = [];
    spawned.push(await spawnServer(common)); // one at a time: the first migrates
    spawned.push(await spawnServer(common));
    [first, second] = spawned.map(asInstance) as [Instance, Instance];
    cleanup = async () => {
      for (const s of spawned) if (s.child.exitCode === null) s.child.kill('SIGTERM');
      await Promise.all(spawned.map((s) => s.exited));
      await pg.drop();
      rmSync(dataDir, { recursive: true, force: true });
      // Leave Redis as we found it (the stream, recovery sessions, sign-ins).
      const redis = createClient({ url: TEST_REDIS_URL });
      await redis.connect();
      for await (const keys of redis.scanIterator({ MATCH: `${env.REDIS_PREFIX}*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
      await redis.quit();
    };
  } else {
    const t: TestServer = await startTestServer(env);
    const other: RunningServer = await startServer(t.deps.config, { database: t.database, serveWeb: false, logger: t.logger });
    first = { url: other.url, stop: () => other.stop().then(() => 0) };
    second = { url: t.url, stop: () => t.close().then(() => 0) };
    cleanup = () => other.stop().then(() => t.close());
  }
  const started = await startBalancer([first.url, second.url]);
  balancer = started.server;
  balancerUrl = started.url;
}, 120_000);

afterAll(async () => {
  balancer?.close();
  await cleanup?.();
});

async function signUp(url: string, firstName: string): Promise<{ client: TestClient; user: TCurrentUser }> {
  const client = new TestClient(url);
  const email = `d${randomBytes(5).toString('hex')}@example.com`;
  const res = await client.post('/api/auth/register', { email, password: 'correct horse battery', firstName, lastName: 'Tester' });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { client, user: res.body as TCurrentUser };
}

function next<T>(register: (resolve: (v: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve) => register(resolve));
}

describe('stopping an instance behind a balancer', () => {
  it('when the instance clients are on gets SIGTERM, then health says 503, the request in flight completes, and the clients come back on the other instance with the notifications created while they were away', async () => {
    const ada = await signUp(second.url, 'Ada');
    const grace = await signUp(second.url, 'Grace');
    const linus = await signUp(second.url, 'Linus');
    const bob = await signUp(second.url, 'Bob');
    const received: RealtimeNotification[] = [];
    // As web/lib/use-live-notifications.ts opens it; a longer first delay makes "while away" certain.
    const socket: ClientSocket = connect(balancerUrl, {
      ...socketOptions,
      reconnectionDelay: 2_000,
      extraHeaders: { cookie: ada.client.cookieHeader },
    });
    socket.on('notification:new', (n) => received.push(n));
    const sockets = [socket];
    try {
      await next<void>((r) => socket.once('connect', r));
      const firstPush = next<void>((r) => socket.once('notification:new', () => r()));
      // The first push also gives the client its offset in the stream, from which recovery replays.
      expect((await grace.client.post(`/api/users/${ada.user.handle}/follow`)).status).toBe(200);
      await firstPush;
      // Bob's socket never receives a push before the stop: the checkpoint sent at connection lets it recover too.
      const bobReceived: RealtimeNotification[] = [];
      const bobSocket: ClientSocket = connect(balancerUrl, { ...socketOptions, reconnectionDelay: 2_000, extraHeaders: { cookie: bob.client.cookieHeader } });
      bobSocket.on('notification:new', (n) => bobReceived.push(n));
      sockets.push(bobSocket);
      await next<void>((r) => bobSocket.once('connect', r));
      const bobBack = next<void>((r) => bobSocket.once('connect', r)); // the next connection, after the stop

      // A request in flight on the stopping instance: half its body now, the rest after the signal.
      const body = JSON.stringify({ email: 'in-flight@example.com', password: 'a-long-password' });
      let finish!: () => void;
      const answered = new Promise<number>((resolve, reject) => {
        const req = request(
          new URL('/api/auth/login', first.url),
          { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        finish = () => req.end(body.slice(10));
      });
      await new Promise((r) => setTimeout(r, 100));

      const disconnected = next<string>((r) => socket.once('disconnect', r));
      const stopped = first.stop();
      // Draining: the balancer's health check sees 503 while the instance still answers.
      await expect.poll(async () => (await fetch(`${first.url}/api/health`)).status, { timeout: 5_000 }).toBe(503);
      finish();
      expect(await answered).toBe(401);

      // Sockets close only after the requests in flight, at the transport level: the client reconnects by itself.
      expect(await disconnected).toBe('transport close');
      const reconnected = next<void>((r) => socket.once('connect', r));
      expect((await linus.client.post(`/api/users/${ada.user.handle}/follow`)).status).toBe(200);
      expect((await linus.client.post(`/api/users/${bob.user.handle}/follow`)).status).toBe(200);
      await reconnected;
      expect(socket.recovered).toBe(true);
      await bobBack;
      expect(bobSocket.recovered).toBe(true);
      await expect.poll(() => bobReceived.map((n) => n.message), { timeout: 5_000 }).toEqual(['Linus Tester started following you']);
      await expect.poll(() => received.map((n) => n.message), { timeout: 5_000 }).toContain('Linus Tester started following you');
      expect(received.map((n) => n.message)).toEqual(['Grace Tester started following you', 'Linus Tester started following you']);
      expect(await stopped).toBe(0);

      // It is on the second instance now: pushes keep coming.
      const again = next<RealtimeNotification>((r) => socket.once('notification:new', r));
      expect((await grace.client.post(`/api/users/${ada.user.handle}/unfollow`)).status).toBeLessThan(300);
      expect((await grace.client.post(`/api/users/${ada.user.handle}/follow`)).status).toBe(200);
      expect((await again).message).toBe('Grace Tester started following you');
    } finally {
      for (const s of sockets) s.disconnect();
    }
  }, 60_000);
});
