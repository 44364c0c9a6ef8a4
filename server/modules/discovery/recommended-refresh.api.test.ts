import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_OFFSET, PAGE_SIZE } from '@shared/constants';
import { recommendationSnapshots } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { discoveryKit, recommendedPage } from '../../test/discovery-kit';

// A database of its own: the rankings below must not meet other tests' projects.
let t: TestServer;
let kit: ReturnType<typeof discoveryKit>;
beforeAll(async () => {
  t = await startTestServer();
  kit = discoveryKit(t.database.db, t.deps.cache);
}, 60_000);
afterAll(() => t.close(), 60_000);

const page = recommendedPage;

describe('GET /api/projects/recommended, ranked again in the background', () => {
  it('when a background ranking is ready while a member pages through the stale one, then their later pages keep the stale order until their next first page', async () => {
    const me = await t.signUp();
    const author = await t.signUp();
    const made = [];
    for (let i = 0; i < 20; i++) made.push((await kit.project(author.user.id, { reactionCount: 1000 + i })).id);
    await kit.refresh();
    const ranked = [...(await page(me.client)), ...(await page(me.client, `/api/projects/recommended?limit=${PAGE_SIZE}&offset=${INITIAL_OFFSET}`))];
    expect(ranked.slice(0, 3)).toEqual([made[19], made[18], made[17]]);
    await kit.setCounts(made.slice(0, 5), { reactionCount: 5000 });
    await kit.refresh();
    await kit.ageRecommendations(me.user.id);
    // The stale first page asks for a background ranking, which is stored as the next one…
    expect(await page(me.client)).toEqual(ranked.slice(0, INITIAL_OFFSET));
    const [waiting] = await t.database.db.select().from(recommendationSnapshots).where(eq(recommendationSnapshots.userId, me.user.id));
    expect(waiting?.nextProjectIds?.slice(0, 5).sort()).toEqual(made.slice(0, 5).sort());
    // …while the pages after it still read the order they began with.
    expect(await page(me.client, `/api/projects/recommended?limit=${PAGE_SIZE}&offset=${INITIAL_OFFSET}`)).toEqual(ranked.slice(INITIAL_OFFSET, INITIAL_OFFSET + PAGE_SIZE));
    const next = await page(me.client);
    expect(next.slice(0, 5).sort()).toEqual(made.slice(0, 5).sort());
  });

});
