import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProjectSchema, type TProject } from '@shared/schemas/project';
import { startTestServer, type TestServer } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { discoveryKit } from '../../test/discovery-kit';

// "Why am I seeing this?": each card of More for you and Trending carries the reasons its ranking used.

let t: TestServer;
let kit: ReturnType<typeof discoveryKit>;
beforeAll(async () => {
  t = await startTestServer();
  kit = discoveryKit(t.database.db, t.deps.cache);
}, 60_000);
afterAll(() => t.close(), 60_000);

async function cards(client: TestClient, path: string): Promise<Map<number, TProject>> {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return new Map(ZProjectSchema.array().parse(res.body).map((p) => [p.id, p]));
}

describe('ranking reasons', () => {
  it('when a member follows a creator, likes a category and shares likes with others, then each More for you card says which of those ranked it, also on later pages', async () => {
    const me = await t.signUp();
    const liked = await t.signUp();
    const followed = await t.signUp();
    const neutral = await t.signUp();
    const twin = await t.signUp();
    const premium = await t.signUp();
    await kit.premium(premium.user.id);
    const createdAt = new Date(Date.now() - 3_600_000);
    const likedProject = await kit.project(liked.user.id, { category: 'Game Development', createdAt });
    await kit.like(me.user.id, likedProject.id);
    await kit.like(twin.user.id, likedProject.id);
    await kit.follow(me.user.id, followed.user.id);
    const sameCategory = await kit.project(neutral.user.id, { category: 'Game Development', createdAt });
    const plain = await kit.project(neutral.user.id, { category: 'Finance', createdAt });
    const byFollowed = await kit.project(followed.user.id, { category: 'Finance', createdAt });
    const coLiked = await kit.project(neutral.user.id, { category: 'Design', createdAt });
    await kit.like(twin.user.id, coLiked.id);
    const boosted = await kit.project(premium.user.id, { category: 'Finance', createdAt });
    await kit.refresh();

    const first = await cards(me.client, '/api/projects/recommended?limit=50');
    expect(first.get(likedProject.id)?.reasons).toEqual(['liked_category', 'liked_creator', 'similar_members']);
    expect(first.get(sameCategory.id)?.reasons).toEqual(['liked_category']);
    expect(first.get(byFollowed.id)?.reasons).toEqual(['followed_creator']);
    expect(first.get(coLiked.id)?.reasons).toEqual(['similar_members']);
    expect(first.get(plain.id)?.reasons).toEqual(['popular']);
    expect(first.get(boosted.id)?.reasons).toEqual(['popular', 'premium_boost']);

    // A later page reads the same snapshot: the reasons stored with the ranking come with it.
    const ids = [...first.keys()];
    const later = await cards(me.client, `/api/projects/recommended?limit=2&offset=${ids.indexOf(byFollowed.id)}`);
    expect(later.get(byFollowed.id)?.reasons).toEqual(['followed_creator']);
  });

  it('when the ranking is replaced in the background, then the new first page keeps the reasons', async () => {
    const me = await t.signUp();
    const followed = await t.signUp();
    await kit.follow(me.user.id, followed.user.id);
    const p = await kit.project(followed.user.id, { createdAt: new Date(Date.now() - 3_600_000) });
    await kit.refresh();
    expect((await cards(me.client, '/api/projects/recommended?limit=50')).get(p.id)?.reasons).toEqual(['followed_creator']);
    await kit.ageRecommendations(me.user.id);
    await cards(me.client, '/api/projects/recommended?limit=50'); // stale: shown, and a new ranking is made meanwhile
    await t.deps.events.idle();
    expect((await cards(me.client, '/api/projects/recommended?limit=50')).get(p.id)?.reasons).toEqual(['followed_creator']);
  });

  it('when Trending is read, then every card is popular this week and the premium boost shows where the stored score carries it', async () => {
    const premium = await t.signUp();
    await kit.premium(premium.user.id);
    const free = await t.signUp();
    const p = await kit.project(premium.user.id, { reactionCount: 50, viewCount: 10 });
    const f = await kit.project(free.user.id, { reactionCount: 60 });
    await kit.refresh();
    const trending = await cards(t.client(), '/api/projects/trending');
    expect(trending.get(p.id)?.reasons).toEqual(['popular', 'premium_boost']);
    expect(trending.get(f.id)?.reasons).toEqual(['popular']);
    // A few views stored since the score was (views are scored in batches) do not hide the boost.
    await kit.setCounts([p.id], { viewCount: 40 });
    expect((await cards(t.client(), '/api/projects/trending')).get(p.id)?.reasons).toEqual(['popular', 'premium_boost']);
    // Premium ended and the score refreshed: no boost in the score, none shown.
    await t.database.db.execute(`UPDATE users SET is_premium = false WHERE id = '${premium.user.id}'`);
    await kit.refresh();
    t.deps.cache.invalidate({ all: true });
    expect((await cards(t.client(), '/api/projects/trending')).get(p.id)?.reasons).toEqual(['popular']);
  });
});
