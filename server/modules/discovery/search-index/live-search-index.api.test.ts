import { sql } from 'drizzle-orm';
import { createLogger } from '../../../logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows';
import { generateDiscoveryData } from '../../../test/generate-discovery-data';
import { JUDGED_QUERIES } from '../../../test/search-judged-queries';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { AUTHOR_LIKENESS_BESIDE_WORDS, findWordCorrections, findWordCorrectionsAndStems } from '../discovery.repository';
import { queryWordsOf, searchTermsOf, swapsOf, withoutTypos } from '../search-content';
import { readStems } from './search-index.repository';
import { LiveSearchIndex } from './live-search-index';

const quiet = createLogger('silent');

let t: TestDatabase;
let search: LiveSearchIndex;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
  await generateDiscoveryData(t.database.db, { projects: 4_000, users: 200, comments: 3_000 });
  search = new LiveSearchIndex(t.database.db, quiet);
  search.start();
  await search.ready();
}, 300_000);
afterAll(async () => {
  search.stop();
  await t.drop();
}, 60_000);

/** Queries as members type them, drawn from the stored titles and names. */
async function typedQueries(): Promise<string[]> {
  const titles = await rowsOf<{ title: string }>(t.database.db, sql`SELECT title FROM projects ORDER BY id LIMIT 60`);
  const names = await rowsOf<{ name: string }>(t.database.db, sql`SELECT coalesce(display_name, first_name) AS name FROM users ORDER BY id LIMIT 15`);
  const out = new Set<string>(JUDGED_QUERIES.map((j) => j.q));
  for (const [i, { title }] of titles.entries()) {
    const words = queryWordsOf(title).filter((w) => w.length >= 3);
    if (words.length === 0) continue;
    const word = words[i % words.length]!;
    out.add(word);
    out.add(word.slice(0, Math.max(3, word.length - 2)));
    if (words.length > 1) out.add(words.slice(0, 2).join(' '));
    if (word.length >= 5) out.add(word.slice(0, 2) + word[3] + word[2] + word.slice(4));
  }
  for (const { name } of names) if (name) out.add(name.toLowerCase());
  return [...out];
}

/** The comments PostgreSQL and the index find for the terms, which must be the same in the same order. */
describe('search through the instance index', () => {
  it('when a round is used only once enough projects match, then a round that falls short answers only its shortfall, and a full one is the whole round', async () => {
    let short = 0;
    let kept = 0;
    for (const q of await typedQueries()) {
      const exact = withoutTypos(searchTermsOf(q));
      const every = (await search.find(exact, 50, AUTHOR_LIKENESS_BESIDE_WORDS))!;
      const wanting = (await search.find(exact, 50, AUTHOR_LIKENESS_BESIDE_WORDS, { usedFromMatches: 50 }))!;
      if (every.projects.textMatches >= 50) {
        expect(wanting, q).toEqual(every);
        if (every.commentIds.length > 0) kept++;
      } else {
        // Searched again by the caller: nothing of it is used but that it fell short.
        expect(wanting.projects.textMatches, q).toBeLessThan(50);
        expect(wanting.commentIds, q).toEqual([]);
        if (every.projects.ids.length > 0) short++;
      }
    }
    // Both sides seen: rounds that fell short though they found projects, and full rounds with comments.
    expect(short).toBeGreaterThan(5);
    expect(kept).toBeGreaterThan(5);
  });

  it("when a typo round's corrections are read with its spellings' stems, then both are what they are read alone, the likeliest correction first", async () => {
    const db = t.database.db;
    let corrected = 0;
    for (const q of (await typedQueries()).slice(0, 80)) {
      const typed = [...new Set(queryWordsOf(q).filter((w) => w.length >= 4))];
      const swaps = typed.flatMap(swapsOf);
      const both = await findWordCorrectionsAndStems(db, typed, swaps);
      expect(both.corrections).toEqual(await findWordCorrections(db, typed));
      const spellings = [...new Set([...swaps, ...[...both.corrections.values()].flat()])];
      expect(both.stems).toEqual(await readStems(db, spellings));
      for (const [word, list] of both.corrections) {
        const likeness = await rowsOf<{ w: string; s: number }>(db, sql`SELECT w, similarity(w, ${word}) AS s FROM unnest(${`{${list.join(',')}}`}::text[]) w`);
        const order = [...likeness].sort((a, b) => b.s - a.s || (a.w < b.w ? -1 : 1)).map((r) => r.w);
        expect(list).toEqual(order);
        corrected++;
      }
    }
    expect(corrected).toBeGreaterThan(10);
  });
});
