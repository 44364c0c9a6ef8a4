import { createLogger } from '../../logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { searchIndexOf } from './discovery.repository';
import { generateDiscoveryData } from '../../test/generate-discovery-data';
import { JUDGED_QUERIES, judgeSearch, titleMeans } from '../../test/search-judged-queries';
import { LiveSearchIndex } from './search-index/live-search-index';

// Search quality over generated data from real developer text: the judged queries' precision at 10
// (the share of the first ten results whose titles say what the person meant) holds a floor (0.986
// on this data, both databases, on 27 Nov 2026).
const PRECISION_FLOOR = 0.9;

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
  await generateDiscoveryData(t.database.db, { projects: 4_000, users: 200, comments: 1_000 });
}, 300_000);
afterAll(() => t.drop(), 60_000);

describe('search relevance on realistic data', () => {
  it('when a title is judged, then whole words, plurals and prefixes count and other words do not', () => {
    expect(titleMeans('Fast JSON parsers for Node', ['parser'])).toBe(true);
    expect(titleMeans('Express middleware for uploads', ['middlew*'])).toBe(true);
    expect(titleMeans('JSON Schema validator', ['json', 'schema'])).toBe(true);
    expect(titleMeans('JSONP helper', ['json'])).toBe(false);
    expect(titleMeans('React hooks', ['react', 'schema'])).toBe(false);
  });

  it(`when the judged queries are searched (words, two words, prefixes, typos), then precision at 10 is at least ${PRECISION_FLOOR}`, async () => {
    const { results, mean } = await judgeSearch({ db: t.database.db });
    // Most judged queries have projects to find in the generated data, so the mean says something.
    expect(results.length).toBeGreaterThanOrEqual(JUDGED_QUERIES.length - 3);
    expect(mean, JSON.stringify(results)).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    // A typo finds what the word means.
    const typo = results.find((r) => r.q === 'raect');
    if (typo) expect(typo.relevantInTop10, JSON.stringify(typo)).toBeGreaterThan(0);
    // A farther correction ('types') does not crowd the likeliest spelling's titles.
    const swapped = results.find((r) => r.q === 'typescirpt');
    if (swapped) expect(swapped.relevantInTop10, JSON.stringify(swapped)).toBe(Math.min(10, swapped.expected));
  });

  it('when the instance index answers the projects, then the judged queries find what PostgreSQL finds', async () => {
    const searchIndex = new LiveSearchIndex(t.database.db, createLogger('silent'));
    searchIndex.start();
    try {
      await searchIndex.ready();
      const [fromSql, fromIndex] = [await judgeSearch({ db: t.database.db }), await judgeSearch({ db: t.database.db, searchIndex })];
      expect(fromIndex.mean).toBeGreaterThanOrEqual(PRECISION_FLOOR);
      expect(fromIndex.results).toEqual(fromSql.results);
    } finally {
      searchIndex.stop();
    }
  });

  it('when no RUM index exists (none is created: it crashed PostgreSQL at 1M), then search reads its matches through GIN', async () => {
    expect(await searchIndexOf(t.database.db)).toBe('gin');
  });
});
