// The per-member search budget (SEARCH_RATE_LIMIT searches a minute): one member cannot hog search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/errors';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ SEARCH_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

describe('search rate limit', () => {
  it('when a member searches more than SEARCH_RATE_LIMIT times a minute, then 429 for them and not for another member', async () => {
    const busy = await t.signUp();
    const other = await t.signUp();
    for (let i = 0; i < 3; i++) expect((await busy.client.get(`/api/search?q=word${i}`)).status).toBe(200);
    const refused = await busy.client.get('/api/search?q=word4');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MESSAGES.tooManyRequests });
    expect((await other.client.get('/api/search?q=word4')).status).toBe(200);
  });
});
