import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { startServer, type RunningServer } from '../start-server';
import { startTestServer, type TestServer } from '../test/harness';
import { setAdminByEmail } from '../modules/users/users.repository';

// Sessions are reused by each instance for a few seconds (SessionCache): what must still take effect at
// once (logout, suspension, a user's change through the API) does, on this instance and on another.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** GET with a fixed cookie header (a browser replaying its cookie, or the same cookie on another instance). */
async function statusWith(url: string, path: string, cookie: string): Promise<{ status: number; body: { displayName?: string | null } }> {
  const res = await fetch(url + path, { headers: { cookie } });
  return { status: res.status, body: (await res.json()) as { displayName?: string | null } };
}

describe('cached sessions on one instance', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  }, 60_000);
  afterAll(() => t.close(), 60_000);

  it('when a member reads again, then the session comes from memory; a change through the API shows at once', async () => {
    const m = await t.signUp({ firstName: 'Cass', lastName: 'Cached' });
    const cookie = m.client.cookieHeader;
    expect((await statusWith(t.url, '/api/auth/user', cookie)).body.displayName).toBe('Cass Cached');
    // Changed outside the API (nothing drops the copy): served from memory.
    await t.deps.db.update(users).set({ displayName: 'Changed outside' }).where(eq(users.id, m.user.id));
    expect((await statusWith(t.url, '/api/auth/user', cookie)).body.displayName).toBe('Cass Cached');
    // A change through the API (here the member's own profile) drops the copies before it answers.
    const edit = await m.client.patch('/api/user/profile', { displayName: 'Cass Edited', handle: m.user.handle });
    expect(edit.status, edit.text).toBe(200);
    expect((await statusWith(t.url, '/api/auth/user', cookie)).body.displayName).toBe('Cass Edited');
  });

  it('when a member signs out, then the same cookie is refused at once', async () => {
    const m = await t.signUp();
    const cookie = m.client.cookieHeader;
    expect((await statusWith(t.url, '/api/auth/user', cookie)).status).toBe(200);
    expect((await m.client.post('/api/auth/logout')).status).toBe(204);
    expect((await statusWith(t.url, '/api/auth/user', cookie)).status).toBe(401);
  });

  it('when an admin suspends a member, then their cookie is refused at once', async () => {
    const admin = await t.signUp();
    await setAdminByEmail(t.deps.db, admin.email, true);
    const m = await t.signUp();
    const cookie = m.client.cookieHeader;
    expect((await statusWith(t.url, '/api/auth/user', cookie)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${m.user.id}/suspend`, { reason: 'Spam' })).status).toBe(200);
    expect((await statusWith(t.url, '/api/auth/user', cookie)).status).toBe(401);
  });
});

describe('cached sessions on two instances sharing Redis', () => {
  let a: TestServer;
  let b: RunningServer;
  beforeAll(async () => {
    a = await startTestServer({ REDIS_URL });
    b = await startServer(a.deps.config, { database: a.database, serveWeb: false, logger: a.logger });
  }, 60_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  }, 60_000);

  it('when a member signs out on one instance, then the other refuses the same cookie at once', async () => {
    const m = await a.signUp();
    const cookie = m.client.cookieHeader;
    expect((await statusWith(b.url, '/api/auth/user', cookie)).status).toBe(200);
    expect((await statusWith(b.url, '/api/auth/user', cookie)).status).toBe(200);
    expect((await m.client.post('/api/auth/logout')).status).toBe(204);
    expect((await statusWith(b.url, '/api/auth/user', cookie)).status).toBe(401);
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

  it('when a member changes their profile on one instance, then the other shows it at once', async () => {
    const m = await a.signUp({ firstName: 'Ina', lastName: 'Instance' });
    const cookie = m.client.cookieHeader;
    expect((await statusWith(b.url, '/api/auth/user', cookie)).body.displayName).toBe('Ina Instance');
    expect((await m.client.patch('/api/user/profile', { displayName: 'Ina Moved', handle: m.user.handle })).status).toBe(200);
    await expect.poll(async () => (await statusWith(b.url, '/api/auth/user', cookie)).body.displayName, { timeout: 2000 }).toBe('Ina Moved');
  });
});
