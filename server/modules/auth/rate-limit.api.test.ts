import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ LOGIN_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

describe('login rate limit', () => {
  it('when one account gets too many sign-in attempts, then 429 even with the right password', async () => {
    const { email, password } = await t.signUp();
    for (let i = 0; i < 3; i++) {
      expect((await t.client().post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(401);
    }
    const blocked = await t.client().post('/api/auth/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please try again later.' });
    // Another account from the same address is not locked out by it.
    const other = await t.signUp();
    expect((await t.client().post('/api/auth/login', { email: other.email, password: other.password })).status).toBe(200);
  });

  it('when one address tries many accounts, then it is limited too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await t.client().post('/api/auth/login', { email: `guess${i}@example.com`, password: 'x-password' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
  });
});
