import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { SESSION_COOKIE } from './session';
import { SESSION_TOUCH_INTERVAL_MS } from './session-store';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function storedExpiry(userId: string): Promise<number> {
  const result = (await server.deps.db.execute(sql`SELECT expires_at FROM sessions WHERE user_id = ${userId}`)) as unknown as {
    rows: { expires_at: string | Date }[];
  };
  return new Date(result.rows[0]!.expires_at).getTime();
}

describe('database sessions', () => {
  it('when a member makes requests within a few minutes, then the stored expiry is not rewritten each time', async () => {
    const { client, user } = await server.signUp();
    const before = await storedExpiry(user.id);
    for (let i = 0; i < 3; i++) expect((await client.get('/api/auth/user')).status).toBe(200);
    expect(await storedExpiry(user.id)).toBe(before);
  });

  it('when the expiry is older than the touch interval, then the next request moves it forward', async () => {
    const { client, user } = await server.signUp();
    await server.deps.db.execute(sql`UPDATE sessions SET expires_at = now() + interval '1 day' WHERE user_id = ${user.id}`);
    const before = await storedExpiry(user.id);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect(await storedExpiry(user.id)).toBeGreaterThan(before + 20 * 24 * 3600 * 1000);
  });

  it('when a member is suspended, then their next request is signed out at once', async () => {
    const { client, user } = await server.signUp();
    expect((await client.get('/api/auth/user')).status).toBe(200);
    await server.deps.db.execute(sql`UPDATE users SET is_suspended = true WHERE id = ${user.id}`);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('when a role, a profile or the session itself changes in the database between two requests, then the next request shows it', async () => {
    const { client, user } = await server.signUp();
    const me = async () => (await client.get('/api/auth/user')).body as { isAdmin: boolean; displayName: string | null };
    expect((await me()).isAdmin).toBe(false);
    await server.deps.db.execute(sql`UPDATE users SET is_admin = true, display_name = 'Renamed Elsewhere' WHERE id = ${user.id}`);
    expect(await me()).toMatchObject({ isAdmin: true, displayName: 'Renamed Elsewhere' });
    await server.deps.db.execute(sql`UPDATE sessions SET sess = sess::jsonb - 'userId' WHERE user_id = ${user.id}`);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('when the stored session is deleted after a request (signed out elsewhere), then the next request is a visitor\'s', async () => {
    const { client, user } = await server.signUp();
    expect((await client.get('/api/auth/user')).status).toBe(200);
    await server.deps.db.execute(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it("when a member is suspended, then the request that signs them out also removes their stored session", async () => {
    const { client, user } = await server.signUp();
    expect((await client.get('/api/projects/trending')).status).toBe(200);
    await server.deps.db.execute(sql`UPDATE users SET is_suspended = true WHERE id = ${user.id}`);
    expect((await client.get('/api/projects/trending')).status).toBe(200);
    const left = (await server.deps.db.execute(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${user.id}`)) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('when a session cookie is altered by one character, then its requests are a visitor\'s', async () => {
    const { client } = await server.signUp();
    const cookie = client.cookieHeader;
    expect((await fetch(server.url + '/api/auth/user', { headers: { cookie } })).status).toBe(200);
    const altered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await fetch(server.url + '/api/auth/user', { headers: { cookie: altered } })).status).toBe(401);
    expect((await fetch(server.url + '/api/projects/trending', { headers: { cookie: altered } })).status).toBe(200);
  });

  it('when many members ask at once, then each is answered as themselves and a suspension set meanwhile applies to its member only', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => server.signUp()));
    const suspended = members[5]!;
    await server.deps.db.execute(sql`UPDATE users SET is_suspended = true WHERE id = ${suspended.user.id}`);
    // One turn of the server's event loop takes many of these together (one session query for them all).
    const answers = await Promise.all(members.map((m) => m.client.get('/api/auth/user')));
    answers.forEach((res, i) => {
      if (members[i] === suspended) expect(res.status).toBe(401);
      else expect([res.status, res.body.id, res.body.email]).toEqual([200, members[i]!.user.id, members[i]!.email]);
    });
  });

  it('when a member makes requests soon after signing in, then the answers carry no cookie', async () => {
    const { client } = await server.signUp();
    for (let i = 0; i < 3; i++) {
      const res = await client.get('/api/auth/user');
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('when the session was last renewed longer ago than the touch interval, then the next answer sends the cookie again for 30 more days', async () => {
    const { client, user } = await server.signUp();
    const before = client.cookie(SESSION_COOKIE);
    const renewedAt = Date.now() - SESSION_TOUCH_INTERVAL_MS - 1000;
    await server.deps.db.execute(
      sql`UPDATE sessions SET sess = jsonb_set(sess::jsonb, '{renewedAt}', ${String(renewedAt)}::jsonb), expires_at = now() + interval '1 day' WHERE user_id = ${user.id}`,
    );
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(200);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie!)![1]!).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    // Same session, moved forward where it is stored too; the next answer has nothing to renew.
    expect(client.cookie(SESSION_COOKIE)).toBe(before);
    expect(await storedExpiry(user.id)).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect((await client.get('/api/auth/user')).headers.getSetCookie()).toEqual([]);
  });
});
