import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_OFFSET, PAGE_SIZE } from '@shared/constants';
import { blogPosts, notifications, projects, recommendationSnapshots, users } from '../db/schema';
import { insertNotification } from '../modules/notifications/notifications.repository';
import { setAdminByEmail } from '../modules/users/users.repository';
import { connectRedis } from '../redis';
import { startTestServer, type TestServer, TEST_REDIS_URL } from '../test/harness';
import { insertProject } from '../test/factories';
import { PublicCache } from './public-cache';

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
    expect(await t.conditionalStatus('/api/projects/trending', etag!)).toBe(304);
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

  it('when a profile and its projects are read again, then they come from the cache until a write changes what they show', async () => {
    const author = await t.signUp();
    const viewer = await t.signUp();
    const fan = await t.signUp();
    const admin = await t.signUp();
    await setAdminByEmail(t.deps.db, admin.email, true);
    const p = await insertProject(t.deps.db, author.user.id, { title: 'Profile project', projectUrl: 'https://example.com/app' });
    const profilePath = `/api/users/${author.user.handle}`;
    expect((await viewer.client.get(profilePath)).body.bio).toBeNull();
    const list = await viewer.client.get(`${profilePath}/projects`);
    expect(list.body.map((x: { title: string }) => x.title)).toEqual(['Profile project']);
    expect(list.headers.get('cache-control')).toBe('private, no-cache');
    expect(await t.conditionalStatus(`${profilePath}/projects`, list.headers.get('etag')!, viewer.client.cookieHeader)).toBe(304);

    // Changed outside the API (no invalidation): both reads are served from the cache.
    await t.deps.db.update(users).set({ bio: 'Changed outside' }).where(eq(users.id, author.user.id));
    await t.deps.db.update(projects).set({ title: 'Renamed outside' }).where(eq(projects.id, p.id));
    expect((await viewer.client.get(profilePath)).body.bio).toBeNull();
    expect((await viewer.client.get(`${profilePath}/projects`)).body[0].title).toBe('Profile project');

    // A like drops the lists showing that project (not the profile), on every instance.
    expect((await fan.client.post(`/api/projects/${p.id}/react`, { type: 'like' })).status).toBe(200);
    expect((await viewer.client.get(`${profilePath}/projects`)).body[0]).toMatchObject({ title: 'Renamed outside', reactionCount: 1 });
    expect((await viewer.client.get(profilePath)).body.bio).toBeNull();

    // A follow is a write outside /api/projects/:id: everything is dropped.
    expect((await fan.client.post(`${profilePath}/follow`)).status).toBe(200);
    expect((await viewer.client.get(profilePath)).body).toMatchObject({ bio: 'Changed outside', followerCount: 1 });

    expect((await author.client.patch('/api/user/profile', { displayName: 'Author', handle: author.user.handle, bio: 'Written by the author' })).status).toBe(200);
    expect((await viewer.client.get(profilePath)).body.bio).toBe('Written by the author');

    expect((await admin.client.post(`/api/admin/users/${author.user.id}/suspend`, { reason: 'Spam' })).status).toBe(200);
    expect(await viewer.client.get(profilePath)).toMatchObject({ status: 403, body: { message: 'User Suspended' } });
    expect((await viewer.client.get(`${profilePath}/projects`)).status).toBe(403);
  });

  it('when a blog post is read again, then 304 with its ETag, and an admin edit shows at once', async () => {
    const admin = await t.signUp({ firstName: 'Blog', lastName: 'Admin' });
    await setAdminByEmail(t.deps.db, admin.email, true);
    const body = { title: 'Cached post', slug: 'cached-post', excerpt: 'Short', content: 'Long' };
    const created = await admin.client.post('/api/admin/blog', body);
    expect(created.status).toBe(201);
    const visitor = t.client();
    const first = await visitor.get('/api/blog/cached-post');
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(await t.conditionalStatus('/api/blog/cached-post', first.headers.get('etag')!)).toBe(304);
    expect(await t.conditionalStatus('/api/blog', (await visitor.get('/api/blog')).headers.get('etag')!)).toBe(304);

    await t.deps.db.update(blogPosts).set({ title: 'Changed outside' }).where(eq(blogPosts.id, created.body.id));
    expect((await visitor.get('/api/blog/cached-post')).body.title).toBe('Cached post');

    expect((await admin.client.put(`/api/admin/blog/${created.body.id}`, { ...body, title: 'Edited' })).status).toBe(200);
    expect((await visitor.get('/api/blog/cached-post')).body.title).toBe('Edited');
    expect((await visitor.get('/api/blog')).body.find((x: { slug: string }) => x.slug === 'cached-post').title).toBe('Edited');
  });

  it('when a member reads their following feed again, then it comes from the cache until a write changes what it lists', async () => {
    const author = await t.signUp();
    const sharer = await t.signUp({ firstName: 'Sam', lastName: 'Sharer' });
    const stranger = await t.signUp();
    const member = await t.signUp();
    const fan = await t.signUp();
    const admin = await t.signUp();
    await setAdminByEmail(t.deps.db, admin.email, true);
    const followed = await insertProject(t.deps.db, author.user.id, { title: 'Followed project', projectUrl: 'https://example.com/app' });
    const elsewhere = await insertProject(t.deps.db, stranger.user.id, { title: 'Stranger project', projectUrl: 'https://example.com/app' });
    expect((await member.client.post(`/api/users/${author.user.handle}/follow`)).status).toBe(200);
    expect((await member.client.post(`/api/users/${sharer.user.handle}/follow`)).status).toBe(200);
    const titles = async () => ((await member.client.get('/api/projects/following')).body as { title: string }[]).map((p) => p.title);

    const first = await member.client.get('/api/projects/following');
    expect(first.body.map((p: { title: string }) => p.title)).toEqual(['Followed project']);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(await t.conditionalStatus('/api/projects/following', first.headers.get('etag')!, member.client.cookieHeader)).toBe(304);

    // Changed outside the API (no invalidation): served from the cache.
    await t.deps.db.update(projects).set({ title: 'Renamed outside' }).where(eq(projects.id, followed.id));
    expect(await titles()).toEqual(['Followed project']);

    // A like on a listed project drops the feed.
    expect((await fan.client.post(`/api/projects/${followed.id}/react`, { type: 'like' })).status).toBe(200);
    expect((await member.client.get('/api/projects/following')).body[0]).toMatchObject({ title: 'Renamed outside', reactionCount: 1 });

    // A followee's share of a project the feed did not list drops it too.
    expect((await sharer.client.post(`/api/projects/${elsewhere.id}/share`)).status).toBe(200);
    const shared = await member.client.get('/api/projects/following');
    expect(shared.body[0]).toMatchObject({ title: 'Stranger project', sharedBy: sharer.user.id, sharedByName: 'Sam Sharer' });
    expect(await t.conditionalStatus('/api/projects/following', first.headers.get('etag')!, member.client.cookieHeader)).toBe(200);

    // A suspension (a write outside /api/projects/:id) drops every feed.
    expect((await admin.client.post(`/api/admin/users/${sharer.user.id}/suspend`, { reason: 'Spam' })).status).toBe(200);
    expect(await titles()).toEqual(['Renamed outside']);
  });

  it('when a member reads a recommended page again, then it comes from the cache until a write changes a project on it or a new ranking replaces it', async () => {
    // Earlier tests' views are stored within a second (ViewCounter): one landing between the two reads
    // below changes a card the page shows (its viewCount), rightly a new ETag, so they are stored first.
    await t.deps.views.flush();
    const member = await t.signUp();
    const author = await t.signUp();
    const fan = await t.signUp();
    for (let i = 0; i < 24; i++) await insertProject(t.deps.db, author.user.id, { title: `Ranked ${i}`, projectUrl: 'https://example.com/app', reactionCount: 500 + i });
    const later = `/api/projects/recommended?limit=${PAGE_SIZE}&offset=${INITIAL_OFFSET}`;
    const idsOf = async (path: string) => ((await member.client.get(path)).body as { id: number }[]).map((p) => p.id);

    const first = await member.client.get('/api/projects/recommended');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(await t.conditionalStatus('/api/projects/recommended', first.headers.get('etag')!, member.client.cookieHeader)).toBe(304);
    const top = first.body[0] as { id: number; title: string };
    const laterIds = await idsOf(later);
    expect(laterIds).toHaveLength(PAGE_SIZE);

    // Changed outside the API (no invalidation): served from the cache.
    await t.deps.db.update(projects).set({ title: 'Renamed outside' }).where(eq(projects.id, top.id));
    expect((await member.client.get('/api/projects/recommended')).body[0].title).toBe(top.title);

    // A like on a project the page shows drops it.
    expect((await fan.client.post(`/api/projects/${top.id}/react`, { type: 'like' })).status).toBe(200);
    expect((await member.client.get('/api/projects/recommended')).body[0]).toMatchObject({ id: top.id, title: 'Renamed outside' });
    expect(await t.conditionalStatus('/api/projects/recommended', first.headers.get('etag')!, member.client.cookieHeader)).toBe(200);

    // A ranking made in the background waits (reversed here); a first page of another size takes it over,
    // and the later page cached from the old ranking goes with it.
    const [snapshot] = await t.deps.db.select().from(recommendationSnapshots).where(eq(recommendationSnapshots.userId, member.user.id));
    const reversed = [...snapshot!.projectIds].reverse();
    await t.deps.db
      .update(recommendationSnapshots)
      .set({ computedAt: new Date(Date.now() - 3 * 60_000), nextProjectIds: reversed, nextComputedAt: new Date() })
      .where(eq(recommendationSnapshots.userId, member.user.id));
    expect(await idsOf(later)).toEqual(laterIds);
    expect(await idsOf('/api/projects/recommended?limit=9')).toEqual(reversed.slice(0, 9));
    expect(await idsOf(later)).toEqual(reversed.slice(INITIAL_OFFSET, INITIAL_OFFSET + PAGE_SIZE));
  });

  it('when a member reads their notifications again, then they come from the cache until one is stored for them, they read one, or its project goes', async () => {
    const author = await t.signUp();
    const fan = await t.signUp({ firstName: 'Fay', lastName: 'Fan' });
    const p = await insertProject(t.deps.db, author.user.id, { title: 'Noticed', projectUrl: 'https://example.com/app' });
    const list = async () => (await author.client.get('/api/notifications')).body as { id: number; message: string; read: boolean }[];

    const first = await author.client.get('/api/notifications');
    expect(first.body).toEqual([]);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(await t.conditionalStatus('/api/notifications', first.headers.get('etag')!, author.client.cookieHeader)).toBe(304);

    // Stored outside the API (no event): served from the cache.
    await insertNotification(t.deps.db, { userId: author.user.id, type: 'follow', title: 'New follower', message: 'Stored outside', link: '/' });
    expect(await list()).toEqual([]);

    // A like stores a notification for the author: their list shows it (the like itself lists no project of theirs).
    expect((await fan.client.post(`/api/projects/${p.id}/react`, { type: 'like' })).status).toBe(200);
    const after = await list();
    expect(after.map((n) => n.message)).toEqual(['Fay Fan liked your project "Noticed"', 'Stored outside']);
    expect(await t.conditionalStatus('/api/notifications', first.headers.get('etag')!, author.client.cookieHeader)).toBe(200);

    // Reading one (a write the public cache ignores) shows at once.
    expect((await author.client.patch(`/api/notifications/${after[0]!.id}/read`)).status).toBe(200);
    expect((await list())[0]).toMatchObject({ id: after[0]!.id, read: true });

    // The project's deletion takes its notification with it.
    expect((await author.client.request('DELETE', `/api/projects/${p.id}`)).status).toBe(204);
    expect((await list()).map((n) => n.message)).toEqual(['Stored outside']);
    await t.deps.db.delete(notifications).where(eq(notifications.userId, author.user.id));
  });

  it('when the stored answers outgrow the memory bound, then the oldest are dropped first', async () => {
    const cache = new PublicCache({ redis: null, prefix: 'bound:', maxBytes: 3000 });
    let loads = 0;
    const read = (key: string) => cache.read(key, async () => `${key}${++loads}`, { ttlMs: 60_000, bytes: () => 1200 });
    expect(await read('a')).toBe('a1');
    expect(await read('b')).toBe('b2');
    expect(await read('a')).toBe('a1');
    expect(await read('c')).toBe('c3');
    expect(await read('b')).toBe('b2');
    expect(await read('a')).toBe('a4');
  });

  it('when one instance invalidates, then another instance sharing Redis drops its copy too, and tells its other caches (search) of public drops', async () => {
    const prefix = `bbt:${randomBytes(4).toString('hex')}:`;
    const [ra, rb] = await Promise.all([connectRedis(TEST_REDIS_URL), connectRedis(TEST_REDIS_URL)]);
    const a = new PublicCache({ redis: ra, prefix, maxBytes: 1 << 20 });
    const b = new PublicCache({ redis: rb, prefix, maxBytes: 1 << 20 });
    await Promise.all([a.start(), b.start()]);
    const heardOnB: unknown[] = [];
    b.onDrop((scope) => heardOnB.push(scope));
    try {
      let loads = 0;
      const load = async () => ++loads;
      expect(await b.read('trending', load, { ttlMs: 60_000 })).toBe(1);
      expect(await b.read('trending', load, { ttlMs: 60_000 })).toBe(1);
      a.invalidate({ trending: true });
      await expect.poll(() => b.read('trending', load, { ttlMs: 60_000 }), { timeout: 5000 }).toBe(2);
      expect(heardOnB).toEqual([{ trending: true }]);

      // One member's own reads: theirs go on every instance, another member's stay, search is not told.
      const mine = () => b.read('mine', load, { ttlMs: 60_000, owner: 'm1' });
      const theirs = () => b.read('theirs', load, { ttlMs: 60_000, owner: 'm2' });
      expect([await mine(), await theirs()]).toEqual([3, 4]);
      a.invalidate({ members: ['m1'] });
      await expect.poll(mine, { timeout: 5000 }).toBe(5);
      expect(await theirs()).toBe(4);
      expect(heardOnB).toEqual([{ trending: true }]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([ra.quit(), rb.quit()]);
    }
  });
});
