import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOWING_LIMIT } from '@shared/schemas/discovery';
import { ZProjectSchema } from '@shared/schemas/project';
import { startTestServer, type TestServer } from '../../test/harness';
import { discoveryKit, idsOf } from '../../test/discovery-kit';

let t: TestServer;
let kit: ReturnType<typeof discoveryKit>;
beforeAll(async () => {
  t = await startTestServer();
  kit = discoveryKit(t.database.db);
}, 60_000);
afterAll(() => t.close(), 60_000);

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
/** The kit writes to the database directly: drop the cached feeds as the API's writes do. */
const asAfterApiWrites = () => t.deps.cache.invalidate({ all: true });

describe('GET /api/projects/following', () => {
  it('when a visitor asks, then 401 Unauthorized', async () => {
    const res = await t.client().get('/api/projects/following');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('when a member follows nobody, then the feed is empty', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    await kit.project(other.user.id);
    const res = await me.client.get('/api/projects/following');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('when followed people author and share projects, then each project shows once at its newest activity, with the sharer, never my own', async () => {
    const me = await t.signUp({ firstName: 'Mia', lastName: 'Member' });
    const ada = await t.signUp({ firstName: 'Ada', lastName: 'Author' });
    const ben = await t.signUp({ firstName: 'Ben', lastName: 'Sharer' });
    const cat = await t.signUp({ firstName: 'Cat', lastName: 'Stranger' });
    await kit.follow(me.user.id, ada.user.id);
    await kit.follow(me.user.id, ben.user.id);

    const adaOld = await kit.project(ada.user.id, { title: 'Ada old', createdAt: ago(300) });
    const adaNew = await kit.project(ada.user.id, { title: 'Ada new', createdAt: ago(60) });
    const catShared = await kit.project(cat.user.id, { title: 'Cat shared by Ben', createdAt: ago(600) });
    const catTwice = await kit.project(cat.user.id, { title: 'Cat shared by both', createdAt: ago(600) });
    const catUnseen = await kit.project(cat.user.id, { title: 'Cat not shared', createdAt: ago(1) });
    const mine = await kit.project(me.user.id, { title: 'Mine', createdAt: ago(1) });

    await kit.share(ben.user.id, catShared.id, ago(120));
    await kit.share(ben.user.id, adaOld.id, ago(30)); // Ada's own project, re-surfaced by Ben's share
    await kit.share(ben.user.id, catTwice.id, ago(180));
    await kit.share(ada.user.id, catTwice.id, ago(240)); // an older share of the same project by another followee
    await kit.share(ben.user.id, mine.id, ago(5)); // my own project never shows, even shared

    const res = await me.client.get('/api/projects/following');
    expect(res.status).toBe(200);
    const feed = ZProjectSchema.array().parse(res.body);
    expect(idsOf(feed)).toEqual([adaOld.id, adaNew.id, catShared.id, catTwice.id]);
    expect(idsOf(feed)).not.toContain(catUnseen.id);
    expect(idsOf(feed)).not.toContain(mine.id);

    const [first, second, third, fourth] = feed;
    expect(first).toMatchObject({ sharedBy: ben.user.id, sharedByName: 'Ben Sharer', authorName: 'Ada Author' });
    expect(Math.abs(Date.parse(first!.sharedAt!) - ago(30).getTime())).toBeLessThan(5_000);
    expect(second).not.toHaveProperty('sharedBy');
    expect(third).toMatchObject({ sharedBy: ben.user.id, sharedByName: 'Ben Sharer', title: 'Cat shared by Ben' });
    expect(fourth).toMatchObject({ sharedBy: ben.user.id, sharedByName: 'Ben Sharer', title: 'Cat shared by both' });
  });

  it('when a followee shares more than 50 projects of mine and of suspended authors, then their older eligible shares still fill the feed, and a prolific author shows their newest 50', async () => {
    const me = await t.signUp();
    const sharer = await t.signUp();
    const prolific = await t.signUp();
    const banned = await t.signUp();
    const stranger = await t.signUp();
    await kit.follow(me.user.id, sharer.user.id);
    for (let i = 0; i < 30; i++) await kit.share(sharer.user.id, (await kit.project(me.user.id)).id, ago(i + 1));
    for (let i = 0; i < 25; i++) await kit.share(sharer.user.id, (await kit.project(banned.user.id)).id, ago(i + 40));
    await t.database.db.execute(sql`UPDATE users SET is_suspended = true WHERE id = ${banned.user.id}`);
    const olderShare = await kit.project(stranger.user.id, { title: 'Shared long ago' });
    await kit.share(sharer.user.id, olderShare.id, ago(600));

    expect(idsOf((await me.client.get('/api/projects/following')).body)).toEqual([olderShare.id]);

    await kit.follow(me.user.id, prolific.user.id);
    const made: number[] = [];
    for (let i = 0; i < FOLLOWING_LIMIT + 5; i++) made.push((await kit.project(prolific.user.id, { createdAt: ago(100 + i) })).id);
    asAfterApiWrites();
    const feed = (await me.client.get('/api/projects/following')).body as { id: number }[];
    expect(idsOf(feed)).toEqual(made.slice(0, FOLLOWING_LIMIT));
  });

  it('when a followee shares again, then the project moves to the top with the new share date', async () => {
    const me = await t.signUp();
    const friend = await t.signUp({ firstName: 'Fay' });
    const stranger = await t.signUp();
    await kit.follow(me.user.id, friend.user.id);
    const a = await kit.project(stranger.user.id, { createdAt: ago(500) });
    const b = await kit.project(friend.user.id, { createdAt: ago(20) });
    await kit.share(friend.user.id, a.id, ago(400));
    expect(idsOf((await me.client.get('/api/projects/following')).body)).toEqual([b.id, a.id]);

    await kit.share(friend.user.id, a.id, ago(1));
    asAfterApiWrites();
    const feed = (await me.client.get('/api/projects/following')).body as { id: number; sharedByName?: string; sharedAt?: string }[];
    expect(idsOf(feed)).toEqual([a.id, b.id]);
    expect(feed[0]!.sharedByName).toBe('Fay');
    expect(Math.abs(Date.parse(feed[0]!.sharedAt!) - ago(1).getTime())).toBeLessThan(5_000);
  });

  it('when a followed author or a followed sharer is suspended, then their projects and shares leave the feed', async () => {
    const me = await t.signUp();
    const author = await t.signUp();
    const sharer = await t.signUp();
    const stranger = await t.signUp();
    await kit.follow(me.user.id, author.user.id);
    await kit.follow(me.user.id, sharer.user.id);
    const authored = await kit.project(author.user.id);
    const shared = await kit.project(stranger.user.id);
    await kit.share(sharer.user.id, shared.id, ago(1));
    expect(idsOf((await me.client.get('/api/projects/following')).body).sort()).toEqual([authored.id, shared.id].sort());

    await kit.suspend(author.user.id);
    await kit.suspend(sharer.user.id);
    asAfterApiWrites();
    expect((await me.client.get('/api/projects/following')).body).toEqual([]);
  });
});
