// The request does the write and its counters, so its answer waits for nothing else; notifications run after the answer, and a
// stopping instance (SIGTERM) finishes them before it closes.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, projectDailyStats, projects } from '../db/schema';
import { insertProject } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const likesOf = async (userId: string) =>
  (await t.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'like')))).length;

describe('side effects after the answer', () => {
  // The last test stops the server.
  it('when acts queue up and are handled as one batch, then each author gets one notification per other actor with their own words, and analytics and scores count them all', async () => {
    const author = await t.signUp({ firstName: 'Ada', lastName: 'Author' });
    const raters = await Promise.all([1, 2, 3, 4, 5].map((i) => t.signUp({ firstName: `Rater${i}`, lastName: 'R' })));
    const [p1, p2] = [await insertProject(t.deps.db, author.user.id, { title: 'First' }), await insertProject(t.deps.db, author.user.id, { title: 'Second' })];
    // Emitted in one turn: the first handler call takes them all (EventBus.onBatch).
    const acts = raters.map((r, i) => ({ actorId: r.user.id, projectId: i % 2 ? p2.id : p1.id, rating: i + 1 }));
    for (const act of [...acts, { actorId: author.user.id, projectId: p1.id, rating: 5 }]) void t.deps.events.emit('project:rated', act);
    await t.deps.events.idle();

    const got = await t.deps.db.select().from(notifications).where(eq(notifications.userId, author.user.id)).orderBy(asc(notifications.id));
    // Events written at once reach the outbox in any order on a real server.
    expect(got.map((n) => [n.type, n.projectId, n.message]).sort((a, b) => String(a[2]).localeCompare(String(b[2])))).toEqual([
      ['rating', p1.id, 'Rater1 R rated your project "First" 1 star'],
      ['rating', p2.id, 'Rater2 R rated your project "Second" 2 stars'],
      ['rating', p1.id, 'Rater3 R rated your project "First" 3 stars'],
      ['rating', p2.id, 'Rater4 R rated your project "Second" 4 stars'],
      ['rating', p1.id, 'Rater5 R rated your project "First" 5 stars'],
    ]);
    const stats = await t.deps.db.select().from(projectDailyStats).where(inArray(projectDailyStats.projectId, [p1.id, p2.id]));
    const byProject = new Map(stats.map((s) => [s.projectId, [s.ratings, s.ratingSum]]));
    // The author's own rating counts in analytics (as before batching), never in notifications.
    expect(byProject.get(p1.id)).toEqual([4, 1 + 3 + 5 + 5]);
    expect(byProject.get(p2.id)).toEqual([2, 2 + 4]);
    const [stored] = await t.deps.db.select({ score: projects.trendingScore }).from(projects).where(eq(projects.id, p1.id));
    expect(stored!.score).not.toBe(p1.trendingScore);
  });

  it('when a like is answered while a handler of its event is held up, then the count is in the answer; stopping waits for the handlers', async () => {
    const author = await t.signUp();
    const fan = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A handler of the same event whose step after its commit does not finish until released.
    t.deps.events.on('project:liked', (_like, ctx) => ctx.afterCommit(() => held));

    // Plain fetch: the test client would wait for the side effects.
    const res = await fetch(`${t.url}/api/projects/${p.id}/react`, {
      method: 'POST',
      headers: { cookie: fan.client.cookieHeader, 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ type: 'like' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hasReacted: true, reactionCount: 1 });

    const stopped = t.stop();
    let stoppedYet = false;
    void stopped.then(() => (stoppedYet = true));
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(stoppedYet).toBe(false);
    await stopped;
    expect(await likesOf(author.user.id)).toBe(1);
  });

});
