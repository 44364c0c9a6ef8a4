import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

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
});
