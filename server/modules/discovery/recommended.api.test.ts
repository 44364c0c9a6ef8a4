import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_OFFSET, PAGE_SIZE } from '@shared/constants';
import { RECOMMENDED_LIMIT_MESSAGE, RECOMMENDED_OFFSET_MESSAGE } from '@shared/schemas/discovery';
import { startTestServer, type TestServer } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { FIRST_RANKING_SIZE } from './discovery.repository';
import { discoveryKit, recommendedPage } from '../../test/discovery-kit';

let t: TestServer;
let kit: ReturnType<typeof discoveryKit>;
beforeAll(async () => {
  t = await startTestServer();
  kit = discoveryKit(t.database.db, t.deps.cache);
}, 60_000);
afterAll(() => t.close(), 60_000);

const page = recommendedPage;

/** Pages through recommendations as the Explore grid does: the first page, then offset 8, 16, ... until empty. */
async function allPages(client: TestClient, between?: () => Promise<void>): Promise<number[][]> {
  const pages = [await page(client)];
  for (let offset = INITIAL_OFFSET; ; offset += PAGE_SIZE) {
    await between?.();
    const next = await page(client, `/api/projects/recommended?limit=${PAGE_SIZE}&offset=${offset}`);
    pages.push(next);
    if (next.length === 0) return pages;
    expect(pages.length).toBeLessThan(50);
  }
}

describe('GET /api/projects/recommended', () => {
  it('when a visitor asks, then 401 Unauthorized', async () => {
    const res = await t.client().get('/api/projects/recommended');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('when paging by 8 while likes reshuffle the scores, then every eligible project comes exactly once and an empty page ends it', async () => {
    const me = await t.signUp();
    const others = await Promise.all([1, 2, 3, 4].map(() => t.signUp()));
    const banned = await t.signUp();
    const eligible: number[] = [];
    for (let i = 0; i < 29; i++) {
      const author = others[i % others.length]!;
      eligible.push((await kit.project(author.user.id, { reactionCount: i, category: i % 2 ? 'AI/ML' : 'DevOps' })).id);
    }
    const mine = [await kit.project(me.user.id, { reactionCount: 1000 }), await kit.project(me.user.id)].map((p) => p.id);
    const hidden = (await kit.project(banned.user.id, { reactionCount: 1000 })).id;
    await kit.suspend(banned.user.id);
    await kit.like(me.user.id, eligible[3]!);
    await kit.refresh();

    // Between page fetches the least liked projects overtake the others: the order must not move under the pager.
    let round = 0;
    const pages = await allPages(me.client, async () => {
      round += 1;
      await kit.setCounts(eligible.slice(0, 8 * round), { reactionCount: 5000 + round });
      await kit.refresh();
    });

    expect(pages.map((p) => p.length)).toEqual([8, 8, 8, 5, 0]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual([...eligible].sort((a, b) => a - b));
    for (const id of [...mine, hidden]) expect(seen).not.toContain(id);
  });

  it('when a first page ranks only the first pages, then paging past them appends the rest: the pages shown keep their order and every project comes once', async () => {
    const me = await t.signUp();
    const author = await t.signUp();
    // Old projects: they rank below every other test's projects for the other members.
    const createdAt = new Date(Date.now() - 300 * 86_400_000);
    const made: number[] = [];
    for (let i = 0; i < FIRST_RANKING_SIZE + 12; i++) made.push((await kit.project(author.user.id, { reactionCount: i % 40, createdAt })).id);
    await kit.refresh();
    const snapshot = async () =>
      ((await t.database.db.execute(sql`SELECT cardinality(project_ids) AS n, complete FROM recommendation_snapshots WHERE user_id = ${me.user.id}`)) as unknown as {
        rows: { n: number; complete: boolean }[];
      }).rows[0];

    // The first page orders the first pages only (a member's first ranking stays cheap).
    const pages = [await page(me.client)];
    expect(await snapshot()).toEqual({ n: FIRST_RANKING_SIZE, complete: false });
    const ranked: number[] = [];
    for (let offset = INITIAL_OFFSET; offset + PAGE_SIZE <= FIRST_RANKING_SIZE; offset += PAGE_SIZE) {
      pages.push(await page(me.client, `/api/projects/recommended?limit=${PAGE_SIZE}&offset=${offset}`));
    }
    ranked.push(...pages.flat());
    // Scores move before the page past the first ranking: what was shown keeps its place.
    await kit.setCounts(made.slice(-30), { reactionCount: 90 });
    await kit.refresh();
    for (let offset = INITIAL_OFFSET + PAGE_SIZE * (pages.length - 1); ; offset += PAGE_SIZE) {
      const next = await page(me.client, `/api/projects/recommended?limit=${PAGE_SIZE}&offset=${offset}`);
      if (next.length === 0) break;
      pages.push(next);
      expect(pages.length).toBeLessThan(200);
    }
    const seen = pages.flat();
    expect(seen.slice(0, ranked.length)).toEqual(ranked);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of made) expect(seen).toContain(id);
    expect((await snapshot())?.complete).toBe(true);
  });

  it('when the first page is asked again within two minutes, then the snapshot is reused; later, it shows at once and the next first page has the new ranking', async () => {
    const me = await t.signUp();
    const author = await t.signUp();
    const a = await kit.project(author.user.id, { reactionCount: 10 });
    const b = await kit.project(author.user.id, { reactionCount: 0 });
    await kit.refresh();
    const first = await page(me.client, '/api/projects/recommended?limit=50');
    expect(first.indexOf(a.id)).toBeLessThan(first.indexOf(b.id));
    await kit.setCounts([b.id], { reactionCount: 100 });
    await kit.refresh();
    expect(await page(me.client, '/api/projects/recommended?limit=50')).toEqual(first);
    await kit.ageRecommendations(me.user.id);
    // Stale: the member gets the ranking they had without waiting; a new one is made in the background.
    expect(await page(me.client, '/api/projects/recommended?limit=50')).toEqual(first);
    const again = await page(me.client, '/api/projects/recommended?limit=50');
    expect(again.indexOf(b.id)).toBeLessThan(again.indexOf(a.id));
  });

  it('when a member likes a category and follows a creator, then those projects rank above otherwise identical ones', async () => {
    const me = await t.signUp();
    const liked = await t.signUp();
    const followed = await t.signUp();
    const neutral = await t.signUp();
    const createdAt = new Date(Date.now() - 3_600_000);
    // What the member liked: a Game Development project.
    await kit.like(me.user.id, (await kit.project(liked.user.id, { category: 'Game Development', createdAt })).id);
    await kit.follow(me.user.id, followed.user.id);

    const sameCategory = await kit.project(neutral.user.id, { category: 'Game Development', createdAt });
    const otherCategory = await kit.project(neutral.user.id, { category: 'Finance', createdAt });
    const byFollowed = await kit.project(followed.user.id, { category: 'Finance', createdAt });
    await kit.refresh();

    const order = await page(me.client, '/api/projects/recommended?limit=50');
    expect(order.indexOf(sameCategory.id)).toBeLessThan(order.indexOf(otherCategory.id));
    expect(order.indexOf(byFollowed.id)).toBeLessThan(order.indexOf(otherCategory.id));
  });

  it('when members who share my likes liked a project, then it ranks above an otherwise identical one', async () => {
    const me = await t.signUp();
    const twin = await t.signUp();
    const author = await t.signUp();
    const createdAt = new Date(Date.now() - 3_600_000);
    const common = await kit.project(author.user.id, { category: 'DevOps', createdAt });
    await kit.like(me.user.id, common.id);
    await kit.like(twin.user.id, common.id);
    const coLiked = await kit.project(author.user.id, { category: 'Design', createdAt });
    const plain = await kit.project(author.user.id, { category: 'Design', createdAt });
    await kit.like(twin.user.id, coLiked.id);
    await kit.setCounts([plain.id], { reactionCount: 1 }); // same counters: only the co-like differs
    await kit.refresh();

    const order = await page(me.client, '/api/projects/recommended?limit=50');
    expect(order.indexOf(coLiked.id)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(coLiked.id)).toBeLessThan(order.indexOf(plain.id));
  });

  it('when a premium author has 1 like, then the project sits between free ones with 4 and 6 likes (3x exactly once)', async () => {
    const me = await t.signUp();
    const premium = await t.signUp();
    await kit.premium(premium.user.id);
    const free = await t.signUp();
    const createdAt = new Date(Date.now() - 3_600_000);
    const p1 = await kit.project(premium.user.id, { createdAt, reactionCount: 1, category: 'Finance' });
    const f1 = await kit.project(free.user.id, { createdAt, reactionCount: 1, category: 'Finance' });
    const f4 = await kit.project(free.user.id, { createdAt, reactionCount: 4, category: 'Finance' });
    const f6 = await kit.project(free.user.id, { createdAt, reactionCount: 6, category: 'Finance' });
    await kit.refresh();

    const mineOnly = new Set([p1.id, f1.id, f4.id, f6.id]);
    const order = (await page(me.client, '/api/projects/recommended?limit=50')).filter((id) => mineOnly.has(id));
    expect(order).toEqual([f6.id, p1.id, f4.id, f1.id]);
  });

  it('when limit or offset are out of range or not whole numbers, then 400 with a message; at the caps, 200', async () => {
    const { client } = await t.signUp();
    for (const [query, message] of [
      ['limit=51', RECOMMENDED_LIMIT_MESSAGE],
      ['limit=0', RECOMMENDED_LIMIT_MESSAGE],
      ['limit=abc', RECOMMENDED_LIMIT_MESSAGE],
      ['limit=8.5', RECOMMENDED_LIMIT_MESSAGE],
      ['offset=1001', RECOMMENDED_OFFSET_MESSAGE],
      ['offset=-8', RECOMMENDED_OFFSET_MESSAGE],
      ['offset=ten', RECOMMENDED_OFFSET_MESSAGE],
    ] as const) {
      const res = await client.get(`/api/projects/recommended?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toEqual({ message: message });
    }
    expect(RECOMMENDED_LIMIT_MESSAGE).toBe('limit must be a whole number from 1 to 50');
    expect(RECOMMENDED_OFFSET_MESSAGE).toBe('offset must be a whole number from 0 to 1,000');
    const atCaps = await client.get('/api/projects/recommended?limit=50&offset=1000');
    expect(atCaps.status).toBe(200);
    expect(atCaps.body).toEqual([]);
  });

  it('when no limit is given, then a page has 8 projects', async () => {
    const me = await t.signUp();
    const author = await t.signUp();
    for (let i = 0; i < 10; i++) await kit.project(author.user.id);
    await kit.refresh();
    expect(await page(me.client)).toHaveLength(PAGE_SIZE);
  });
});
