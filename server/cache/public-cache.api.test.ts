import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../db/schema';
import { connectRedis } from '../redis';
import { startTestServer, type TestServer } from '../test/harness';
import { insertProject } from '../test/factories';
import { PublicCache } from './public-cache';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(() => t.close(), 60_000);

describe('public read cache', () => {
  it('when trending is asked again with its ETag, then 304 without a body', async () => {
    const first = await t.client().get('/api/projects/trending');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toContain('no-cache');
    // node:http, because fetch adds "cache-control: no-cache" to a conditional request.
    const status = await new Promise<number>((resolve, reject) => {
      get(`${t.url}/api/projects/trending`, { headers: { 'if-none-match': etag! } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });

  it('when a member likes a cached project, then its page and trending show the new count at once', async () => {
    const author = await t.signUp();
    const fan = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id, { title: 'Cached project', projectUrl: 'https://example.com/app' });
    expect((await t.client().get(`/api/projects/${p.id}`)).body.likeCount ?? 0).toBe(0);
    await t.client().get('/api/projects/trending');
    expect((await fan.client.post(`/api/projects/${p.id}/react`, { type: 'like' })).status).toBe(200);
    const page = await t.client().get(`/api/projects/${p.id}`);
    expect(page.body.likeCount ?? page.body.reactionCount).toBe(1);
    expect((await fan.client.request('DELETE', `/api/projects/${p.id}/react`, { type: 'like' })).status).toBe(200);
    const after = await t.client().get(`/api/projects/${p.id}`);
    expect(after.body.likeCount ?? after.body.reactionCount).toBe(0);
  });

  it('when an author is suspended outside the API and the hook is called, then the cached page is gone at once', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id, { title: 'Soon hidden', projectUrl: 'https://example.com/app' });
    expect((await t.client().get(`/api/projects/${p.id}`)).status).toBe(200);
    await t.deps.db.update(users).set({ isSuspended: true }).where(eq(users.id, author.user.id));
    t.deps.cache.invalidate({ all: true });
    expect((await t.client().get(`/api/projects/${p.id}`)).status).toBe(403);
  });

  it('when a project is deleted through the API, then its cached page answers 404', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id, { title: 'Soon deleted', projectUrl: 'https://example.com/app' });
    expect((await t.client().get(`/api/projects/${p.id}`)).status).toBe(200);
    expect((await author.client.request('DELETE', `/api/projects/${p.id}`)).status).toBe(204);
    expect((await t.client().get(`/api/projects/${p.id}`)).status).toBe(404);
    expect(await t.deps.db.select().from(projects).where(eq(projects.id, p.id))).toEqual([]);
  });

  it('when one instance invalidates, then another instance sharing Redis drops its copy too, and tells its other caches (search)', async () => {
    const prefix = `bbt:${randomBytes(4).toString('hex')}:`;
    const [ra, rb] = await Promise.all([connectRedis(REDIS_URL), connectRedis(REDIS_URL)]);
    const a = new PublicCache({ redis: ra, prefix });
    const b = new PublicCache({ redis: rb, prefix });
    await Promise.all([a.start(), b.start()]);
    const heardOnB: unknown[] = [];
    b.onDrop((scope) => heardOnB.push(scope));
    try {
      let loads = 0;
      const load = async () => ++loads;
      expect(await b.read('trending', 60_000, load)).toBe(1);
      expect(await b.read('trending', 60_000, load)).toBe(1);
      a.invalidate({ trending: true });
      await expect.poll(() => b.read('trending', 60_000, load), { timeout: 5000 }).toBe(2);
      expect(heardOnB).toEqual([{ trending: true }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([ra.quit(), rb.quit()]);
    }
  });
});
