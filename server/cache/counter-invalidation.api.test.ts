import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../db/schema';
import type { RunningServer } from '../start-server';
import { TestClient } from '../test/http-client';
import { startSecondInstance, startTestServer, type TestServer, TEST_REDIS_URL } from '../test/harness';
import { insertProject } from '../test/factories';

// Two instances on one database and one Redis: a like or a comment on one instance reaches the cached
// reads of the other (the public cache's Redis channel), and drops only what shows its project.

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

type Card = { id: number; title: string; reactionCount: number; commentCount: number };

describe('a like or a comment and the cached reads, across instances', () => {
  it('when a member likes or comments on one instance, then the other shows the counters at once, and keeps the answers not showing the project', async () => {
    const author = await a.signUp();
    const fan = await a.signUp();
    const reader = new TestClient(b.url);
    expect((await reader.post('/api/auth/login', { email: fan.email, password: fan.password })).status).toBe(200);
    // Twenty projects fill trending; the long-tail one is not on it.
    const onTrending = await insertProject(a.deps.db, author.user.id, { title: 'Zephyrtop headline', trendingScore: 1000 });
    for (let i = 0; i < 19; i++) await insertProject(a.deps.db, author.user.id, { title: `Filler ${i}`, trendingScore: 500 + i });
    const longTail = await insertProject(a.deps.db, author.user.id, { title: 'Quasartail corner', trendingScore: 0 });

    const trending = async () => (await reader.get('/api/projects/trending')).body as Card[];
    const page = async (id: number) => (await reader.get(`/api/projects/${id}`)).body as Card;
    const found = async (q: string) => ((await reader.get(`/api/search?q=${q}`)).body as { projects: Card[] }).projects;
    expect((await trending()).map((p) => p.id)).toContain(onTrending.id);
    expect((await trending()).map((p) => p.id)).not.toContain(longTail.id);
    expect((await page(longTail.id)).reactionCount).toBe(0);
    expect((await found('quasartail'))[0]).toMatchObject({ id: longTail.id, reactionCount: 0 });
    expect((await found('zephyrtop'))[0]).toMatchObject({ id: onTrending.id, reactionCount: 0 });

    // Renamed outside the API (nothing told the caches): what is served from a cache keeps the old title.
    await a.deps.db.update(projects).set({ title: 'Zephyrtop renamed' }).where(eq(projects.id, onTrending.id));

    // A like on the long-tail project (through instance A): B's page and the search showing it count it at once...
    expect((await fan.client.post(`/api/projects/${longTail.id}/react`, { type: 'like' })).status).toBe(200);
    await expect.poll(async () => (await page(longTail.id)).reactionCount, { timeout: 5000 }).toBe(1);
    await expect.poll(async () => (await found('quasartail'))[0]?.reactionCount, { timeout: 5000 }).toBe(1);
    // ...while trending and the other search, which do not show it, stay cached.
    expect((await trending()).find((p) => p.id === onTrending.id)?.title).toBe('Zephyrtop headline');
    expect((await found('zephyrtop'))[0]?.title).toBe('Zephyrtop headline');

    // A comment on the project on trending: B's trending, its page and its search show the new count.
    expect((await fan.client.post(`/api/projects/${onTrending.id}/comments`, { content: 'Nice one' })).status).toBe(201);
    await expect.poll(async () => (await trending()).find((p) => p.id === onTrending.id), { timeout: 5000 }).toMatchObject({ title: 'Zephyrtop renamed', commentCount: 1 });
    expect((await page(onTrending.id)).commentCount).toBe(1);
    expect((await found('zephyrtop'))[0]).toMatchObject({ id: onTrending.id, commentCount: 1 });

    // An unlike moves the count back on B.
    expect((await fan.client.request('DELETE', `/api/projects/${longTail.id}/react`, { type: 'like' })).status).toBe(200);
    await expect.poll(async () => (await page(longTail.id)).reactionCount, { timeout: 5000 }).toBe(0);
  });
});
