import { sql } from 'drizzle-orm';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../start-server';
import { TestClient } from '../test/http-client';
import { startTestServer, type TestServer, TEST_REDIS_URL } from '../test/harness';
import { SESSION_COOKIE } from './session';

// Two app instances over one database and one Redis, as behind a load balancer.

let a: TestServer;
let b: RunningServer;
beforeAll(async () => {
  a = await startTestServer({ REDIS_URL: TEST_REDIS_URL, LOGIN_RATE_LIMIT: '3' });
  b = await startServer(a.deps.config, { database: a.database, serveWeb: false, logger: a.logger });
});
afterAll(async () => {
  await b?.stop();
  await a?.close();
});

describe('scale-out with Redis', () => {
  it('when a member signs in on one instance, then the other instance knows the session (stored in Redis)', async () => {
    const { client, user } = await a.signUp();
    const onB = new TestClient(b.url);
    const me = await onB.get('/api/auth/user', { cookie: client.cookieHeader });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);

    const sid = decodeURIComponent(client.cookie(SESSION_COOKIE)!).slice(2).split('.')[0]!;
    const redis = createClient({ url: TEST_REDIS_URL });
    await redis.connect();
    try {
      expect(await redis.exists(`${a.deps.config.REDIS_PREFIX}sess:${sid}`)).toBe(1);
      // Logging out on B removes it for A as well.
      await onB.get('/api/logout', { cookie: client.cookieHeader, 'sec-fetch-site': 'same-origin' });
      expect(await redis.exists(`${a.deps.config.REDIS_PREFIX}sess:${sid}`)).toBe(0);
    } finally {
      await redis.quit();
    }
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('when sign-in attempts are spread over both instances, then the limit counts them together', async () => {
    const { email, password } = await a.signUp();
    const onA = a.client();
    const onB = new TestClient(b.url);
    expect((await onA.post('/api/auth/login', { email, password: 'wrong-1-password' })).status).toBe(401);
    expect((await onB.post('/api/auth/login', { email, password: 'wrong-2-password' })).status).toBe(401);
    expect((await onA.post('/api/auth/login', { email, password: 'wrong-3-password' })).status).toBe(401);
    expect((await onB.post('/api/auth/login', { email, password })).status).toBe(429);
  });

  it('when many members ask at once with Redis sessions, then each is answered as themselves and a member suspended in the database is signed out', async () => {
    // A third instance without this file's low sign-in limit registers them.
    const c = await startServer({ ...a.deps.config, LOGIN_RATE_LIMIT: 1000 }, { database: a.database, serveWeb: false, logger: a.logger });
    const members = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const client = new TestClient(c.url);
        const res = await client.post('/api/auth/register', { email: `many${i}-${Date.now()}@example.com`, password: 'correct horse battery' });
        expect(res.status).toBe(201);
        return { client, user: res.body as { id: string } };
      }),
    );
    await c.stop();
    const suspended = members[3]!;
    await a.deps.db.execute(sql`UPDATE users SET is_suspended = true WHERE id = ${suspended.user.id}`);
    // Redis sessions carry no user: the users of one event-loop turn are read together.
    const answers = await Promise.all(members.map((m) => new TestClient(b.url).get('/api/auth/user', { cookie: m.client.cookieHeader })));
    answers.forEach((res, i) => {
      if (members[i] === suspended) expect(res.status).toBe(401);
      else expect([res.status, res.body.id]).toEqual([200, members[i]!.user.id]);
    });
  });
});
