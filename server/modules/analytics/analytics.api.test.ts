import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../cli/admin-command';
import { projectDailyStats, users } from '../../db/schema';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/analytics', () => {
  it('when a free member asks, then 403 Premium required; a visitor gets 401', async () => {
    const m = await t.signUp();
    const res = await m.client.get('/api/analytics?range=30d');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Premium required' });
    expect((await t.client().get('/api/analytics')).status).toBe(401);
  });

  it('when others view, like, save, comment, rate and share, then the premium creator sees it per day, in total and per project', async () => {
    const creator = await t.signUp();
    await runAdminCommand(t.deps, ['premium', creator.email, '30']);
    const hit = await insertProject(t.database.db, creator.user.id, { title: 'Hit', projectUrl: 'https://example.com/hit' });
    const quiet = await insertProject(t.database.db, creator.user.id, { title: 'Quiet', projectUrl: 'https://example.com/q' });
    const fan = await t.signUp();
    const other = await t.signUp();
    for (const c of [fan.client, other.client]) {
      expect((await c.get(`/api/projects/${hit.id}`)).status).toBe(200);
      expect((await c.post(`/api/projects/${hit.id}/react`, { type: 'like' })).status).toBeLessThan(300);
    }
    await fan.client.get(`/api/projects/${quiet.id}`);
    expect((await fan.client.post(`/api/projects/${hit.id}/save`)).status).toBeLessThan(300);
    expect((await fan.client.post(`/api/projects/${hit.id}/comments`, { content: 'Great' })).status).toBe(201);
    expect((await fan.client.post(`/api/projects/${hit.id}/rate`, { rating: 5 })).status).toBeLessThan(300);
    expect((await other.client.post(`/api/projects/${hit.id}/rate`, { rating: 4 })).status).toBeLessThan(300);
    expect((await fan.client.post(`/api/projects/${hit.id}/share`)).status).toBeLessThan(300);
    // Unchanged actions are not counted twice: a second save is a no-op.
    await fan.client.post(`/api/projects/${hit.id}/save`);

    const res = await creator.client.get('/api/analytics?range=7d');
    expect(res.status).toBe(200);
    expect(res.body.range).toBe('7d');
    expect(res.body.days).toHaveLength(7);
    expect(res.body.days[6].date).toBe(today());
    expect(res.body.days[0]).toMatchObject({ views: 0, reactions: 0 });
    const expected = { views: 3, reactions: 2, saves: 1, comments: 1, shares: 1, ratings: 2, averageRating: 4.5 };
    expect(res.body.days[6]).toEqual({ date: today(), ...expected });
    expect(res.body.totals).toEqual(expected);
    expect(res.body.projects).toEqual([
      { id: hit.id, title: 'Hit', views: 2, reactions: 2, saves: 1, comments: 1, shares: 1, ratings: 2, averageRating: 4.5 },
      { id: quiet.id, title: 'Quiet', views: 1, reactions: 0, saves: 0, comments: 0, shares: 0, ratings: 0, averageRating: 0 },
    ]);

    // One project's days; 30 and 90 days by default and on request.
    const one = await creator.client.get(`/api/analytics?range=90d&projectId=${quiet.id}`);
    expect(one.body.days).toHaveLength(90);
    expect(one.body.projectId).toBe(quiet.id);
    expect(one.body.totals).toMatchObject({ views: 1, reactions: 0 });
    expect((await creator.client.get('/api/analytics')).body.days).toHaveLength(30);
  });

  it('when the creator asks again, then the cached answer comes until a view, a like or a save moves a counter; a lapsed premium gets 403 at once', async () => {
    const creator = await t.signUp();
    await runAdminCommand(t.deps, ['premium', creator.email, '30']);
    const p = await insertProject(t.database.db, creator.user.id, { title: 'Watched', projectUrl: 'https://example.com/w' });
    const fan = await t.signUp();
    const totals = async () => (await creator.client.get('/api/analytics?range=7d')).body.totals as Record<string, number>;

    const first = await creator.client.get('/api/analytics?range=7d');
    expect(first.body.totals).toMatchObject({ views: 0, reactions: 0, saves: 0 });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    expect(await t.conditionalStatus('/api/analytics?range=7d', etag, creator.client.cookieHeader)).toBe(304);

    // Counted outside the API (no drop): served from the cache.
    await t.database.db
      .insert(projectDailyStats)
      .values({ projectId: p.id, day: today(), views: 5, ratingSum: 0 })
      .onConflictDoUpdate({ target: [projectDailyStats.projectId, projectDailyStats.day], set: { views: sql`${projectDailyStats.views} + 5` } });
    expect(await totals()).toMatchObject({ views: 0 });

    // A view (a read: only storing it drops the answer).
    expect((await fan.client.get(`/api/projects/${p.id}`)).status).toBe(200);
    expect(await totals()).toMatchObject({ views: 6 });
    expect(await t.conditionalStatus('/api/analytics?range=7d', etag, creator.client.cookieHeader)).toBe(200);

    // A like counted by its event's handler: emitted here without the API's write (whose own drop comes
    // first), and the creator's own, so that no notification (which drops their reads too) comes of it.
    await t.deps.events.emit('project:liked', { actorId: creator.user.id, projectId: p.id });
    await t.deps.events.idle();
    expect(await totals()).toMatchObject({ views: 6, reactions: 1 });

    expect((await fan.client.post(`/api/projects/${p.id}/save`)).status).toBeLessThan(300);
    expect(await totals()).toMatchObject({ views: 6, reactions: 1, saves: 1 });

    await t.database.db.update(users).set({ isPremium: false, premiumExpiresAt: null }).where(eq(users.id, creator.user.id));
    expect((await creator.client.get('/api/analytics?range=7d')).status).toBe(403);
  });

  it('when the range or the project is wrong, then 400 or 404, never another creator\'s data', async () => {
    const creator = await t.signUp();
    await runAdminCommand(t.deps, ['premium', creator.email, '1']);
    const stranger = await t.signUp();
    const theirs = await insertProject(t.database.db, stranger.user.id, { title: 'Theirs', projectUrl: 'https://example.com/t' });
    const bad = await creator.client.get('/api/analytics?range=1y');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'range must be 7d, 30d or 90d' });
    expect((await creator.client.get('/api/analytics?projectId=abc')).status).toBe(400);
    const foreign = await creator.client.get(`/api/analytics?projectId=${theirs.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Project not found' });
  });
});
