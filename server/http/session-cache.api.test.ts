import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../start-server';
import { startSecondInstance, startTestServer, type TestServer, TEST_REDIS_URL } from '../test/harness';
import { setAdminByEmail } from '../modules/users/users.repository';
import { SESSION_CACHE_TTL_MS } from './session-cache';

// Sessions read from Redis are reused by each instance for a few seconds (SessionCache): what must still
// take effect at once (logout, suspension, a user's change in the database) does, on every instance. A
// suspension and a user's change are read from the database on every request; a logout reaches the other
// instances as a drop message.

/** GET with a fixed cookie header (a browser replaying its cookie, or the same cookie on another instance). */
async function statusWith(url: string, path: string, cookie: string): Promise<{ status: number; body: { displayName?: string | null } }> {
  const res = await fetch(url + path, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { displayName?: string | null } };
}

/**
 * The other instance applies a drop when its Redis message arrives, which can be a few milliseconds after
 * the write has answered (seen: one more request, 6-16 ms, when the test process is busy). So its answer is
 * polled for a fifth of the cache's lifetime (1 s): a cache that missed the drop still fails.
 */
const soon = { timeout: SESSION_CACHE_TTL_MS / 5, intervals: [5] };

describe('cached sessions on two instances sharing Redis', () => {
  let a: TestServer;
  let b: RunningServer;
  beforeAll(async () => {
    a = await startTestServer({ REDIS_URL: TEST_REDIS_URL });
    b = await startSecondInstance(a);
  }, 60_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  }, 60_000);

  it('when a member signs out on one instance, then the other refuses the same cookie as soon as the drop arrives, long before its copy would expire', async () => {
    const m = await a.signUp();
    const cookie = m.client.cookieHeader;
    expect((await statusWith(b.url, '/api/auth/user', cookie)).status).toBe(200);
    expect((await statusWith(b.url, '/api/auth/user', cookie)).status).toBe(200);
    expect((await m.client.post('/api/auth/logout')).status).toBe(204);
    await expect.poll(async () => (await statusWith(b.url, '/api/auth/user', cookie)).status, soon).toBe(401);
  });

  it('when an admin suspends a member on one instance, then the other refuses their cookie at once', async () => {
    const admin = await a.signUp();
    await setAdminByEmail(a.deps.db, admin.email, true);
    const m = await a.signUp();
    const cookie = m.client.cookieHeader;
    expect((await statusWith(b.url, '/api/auth/user', cookie)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${m.user.id}/suspend`, { reason: 'Spam' })).status).toBe(200);
    expect((await statusWith(b.url, '/api/auth/user', cookie)).status).toBe(401);
  });

  it('when a member changes their profile on one instance, or a role changes in the database, then the other shows it at once', async () => {
    const m = await a.signUp({ firstName: 'Ina', lastName: 'Instance' });
    const cookie = m.client.cookieHeader;
    expect((await statusWith(b.url, '/api/auth/user', cookie)).body.displayName).toBe('Ina Instance');
    expect((await m.client.patch('/api/user/profile', { displayName: 'Ina Moved', handle: m.user.handle })).status).toBe(200);
    expect((await statusWith(b.url, '/api/auth/user', cookie)).body.displayName).toBe('Ina Moved');
    // The admin command writes the database only: the cached session carries no user, so it applies at once.
    expect((await statusWith(b.url, '/api/admin/stats', cookie)).status).toBe(403);
    await setAdminByEmail(a.deps.db, m.email, true);
    expect((await statusWith(b.url, '/api/admin/stats', cookie)).status).toBe(200);
    await setAdminByEmail(a.deps.db, m.email, false);
    expect((await statusWith(b.url, '/api/admin/stats', cookie)).status).toBe(403);
  });
});
