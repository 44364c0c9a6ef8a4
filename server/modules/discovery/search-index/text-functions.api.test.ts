import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/rows';
import { developerCorpus, seededRandom } from '../../../seed/developer-corpus';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { DocumentStore } from './document-store';
import { Lexicon } from './lexicon';
import { readTsvector, tsRank, RANK_BY_RANK_PLUS_ONE, type QueryTerm } from './text-rank';
import { WordSimilarity, wordSimilarity, trigramsOf } from './word-similarity';
import { swapsOf } from '../search-content';

// Search ranks in process with pg_trgm's word_similarity and PostgreSQL's ts_rank computed the same
// way: a different value could order a page differently from the database. Checked on both databases
// against the functions themselves, over real developer text and what people type into search.

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
}, 120_000);
afterAll(() => t.drop(), 60_000);

const corpus = developerCorpus();
const random = seededRandom(39);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** What people type, from a text: a word, two words, a prefix as typed, a word with two letters swapped, a name. */
function typedQuery(from = pick(corpus.titles)): string {
  const words = wordsOf(from);
  const word = pick(words.length > 0 ? words : ['react']);
  switch (Math.floor(random() * 5)) {
    case 0:
      return word;
    case 1:
      return words.slice(0, 2).join(' ');
    case 2:
      return word.slice(0, Math.max(2, Math.ceil(word.length * random())));
    case 3:
      return pick(swapsOf(word).length > 0 ? swapsOf(word) : [word]);
    default:
      return `${pick(corpus.firstNames)} ${pick(corpus.lastNames)}`.toLowerCase();
  }
}

const asFloat4 = (v: number | string) => Math.fround(Number(v));

describe('word similarity in process', () => {
  it('when a text is cut into trigrams, then its words are padded and lower-cased as pg_trgm does', () => {
    expect(trigramsOf('Go, go!')).toEqual(['  g', ' go', 'go ', '  g', ' go', 'go ']);
    expect(trigramsOf('...')).toEqual([]);
    expect(trigramsOf('Café')).toEqual(['  c', ' ca', 'caf', 'afé', 'fé ']);
  });

  it('when queries people type are compared with titles and names, then every value equals pg_trgm word_similarity', async () => {
    const pairs: [string, string][] = [
      ['', 'React hooks'],
      ['react', ''],
      ['!!', 'React'],
      ['go', 'go go go'],
      ['café', 'Le Café du coin'],
      ['résumé', 'Resume builder'],
      ['ab', 'a b ab ba'],
      ['word', 'w o r d word-ish words'],
      ['𝒳yz', 'the 𝒳yz tool, 𝒳y'],
    ];
    for (let i = 0; i < 1_500; i++) {
      const text = i % 3 === 0 ? `${pick(corpus.firstNames)} ${pick(corpus.lastNames)}` : pick(corpus.titles);
      // Half the queries are drawn from the text they are compared with, so many resemble it.
      pairs.push([typedQuery(i % 2 === 0 ? text : undefined), text.toLowerCase()]);
    }
    const rows = await rowsOf<{ q: string; text: string; similarity: string }>(
      t.database.db,
      sql`SELECT q, text, word_similarity(q, text)::text AS similarity
        FROM (SELECT p->>0 AS q, p->>1 AS text FROM jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) p) x`,
    );
    const differing = rows.filter((r) => wordSimilarity(r.q, r.text) !== asFloat4(r.similarity));
    expect(differing.map((r) => ({ ...r, mine: wordSimilarity(r.q, r.text) }))).toEqual([]);
    // The sample is not all zeros: the queries drawn from their texts resemble them.
    expect(rows.filter((r) => Number(r.similarity) >= 0.3).length).toBeGreaterThan(500);
    expect(rows.filter((r) => Number(r.similarity) > 0 && Number(r.similarity) < 1).length).toBeGreaterThan(300);

    // Asked to beat a score, it answers the exact value whenever that is greater, and never more than
    // the score otherwise (titles come as stored, not lower-cased).
    const wrong: unknown[] = [];
    for (const r of rows) {
      const exact = asFloat4(r.similarity);
      const similarity = new WordSimilarity(r.q);
      for (const beat of [0, 0.3, 0.5, 0.8]) {
        const upper = r.text.toUpperCase();
        for (const text of upper.toLowerCase() === r.text ? [r.text, upper] : [r.text]) {
          const answer = similarity.of(text, beat);
          if (exact > beat ? answer !== exact : answer > beat) wrong.push({ q: r.q, text, beat, exact, answer });
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The terms of a tsquery's text ('react':* & 'hook':*) as search builds them: words ANDed. */
function termsOfQuery(text: string): QueryTerm[] {
  return [...text.matchAll(/'((?:[^']|'')*)'(:\*)?/g)].map((m) => ({ lexeme: m[1]!.replace(/''/g, "'"), prefix: !!m[2] }));
}

describe('full-text rank in process', () => {
  it('when a stored tsvector is read, then lexemes, places and weights are kept', () => {
    const lexemes: string[] = [];
    const positions: (readonly number[])[] = [];
    readTsvector(`'a':1A,2 'b' 'it''s':3C 'x\\\\y':4`, (lexeme, places) => {
      lexemes.push(lexeme);
      positions.push(places);
    });
    expect(lexemes).toEqual(['a', 'b', "it's", 'x\\y']);
    expect(positions[0]).toEqual([(3 << 14) | 1, 2]);
    expect(positions[1]).toEqual([]);
    expect(positions[2]).toEqual([(1 << 14) | 3]);
  });

  it('when queries people type are ranked against project documents, then matches and ts_rank equal PostgreSQL', async () => {
    const docs: string[] = [];
    const queries: string[] = [];
    for (let i = 0; i < 1_200; i++) {
      // Some documents say a word several times, so the ANDed rank meets many pairs of places.
      const extra = i % 4 === 0 ? ` ${pick(corpus.sentences)} ${pick(corpus.sentences)}` : '';
      const title = pick(corpus.titles);
      docs.push(`${title} ${pick(corpus.sentences)}${extra} ${pick(['Web', 'Games', 'Tools'])}`);
      // Half the queries are words of the document itself, so most rank something.
      const own = wordsOf(title);
      const words = i % 2 === 0 && own.length > 0 ? own.slice(0, 1 + Math.floor(random() * 3)) : wordsOf(typedQuery());
      queries.push(words.map((w) => `${w}:*`).join(' & '));
    }
    const rows = await rowsOf<{ doc: string; query: string; hit: boolean; rank: string; plain: string }>(
      t.database.db,
      sql`SELECT d::text AS doc, q::text AS query, d @@ q AS hit, ts_rank(d, q, 32)::text AS rank, ts_rank(d, q)::text AS plain
        FROM (SELECT to_tsvector('english', p->>0) AS d, to_tsquery('english', p->>1) AS q
          FROM jsonb_array_elements(${JSON.stringify(docs.map((d, i) => [d, queries[i]]))}::jsonb) p) y`,
    );
    // Through the index's own store: documents held in its arrays, words matched by its lexeme flags.
    const store = new DocumentStore(new Lexicon());
    const slots = rows.map((r, i) => store.set(i + 1, r.doc, 0).slot);
    const mine = rows.map((r, i) => {
      const doc = store.documentOf(slots[i]!);
      const terms = termsOfQuery(r.query);
      // Ranking also finds the terms by their lexemes' numbers, as a search does.
      const bits = store.markTerms(terms);
      const byNumber = store.documentOf(slots[i]!, bits);
      const ranks = {
        rank: tsRank(doc, terms, { all: true, normalization: RANK_BY_RANK_PLUS_ONE }),
        plain: tsRank(doc, terms, { all: true }),
        rankByNumber: tsRank(byNumber, terms, { all: true, normalization: RANK_BY_RANK_PLUS_ONE }),
        plainByNumber: tsRank(byNumber, terms, { all: true }),
      };
      store.releaseTerms(bits);
      return {
        ...r,
        hit: store.hasAll(
          slots[i]!,
          terms.map((term) => store.marksOf([term])),
        ),
        ...ranks,
      };
    });
    const differing = rows.filter(
      (r, i) =>
        mine[i]!.hit !== r.hit ||
        [mine[i]!.rank, mine[i]!.rankByNumber].some((rank) => rank !== asFloat4(r.rank)) ||
        [mine[i]!.plain, mine[i]!.plainByNumber].some((plain) => plain !== asFloat4(r.plain)),
    );
    expect(differing.slice(0, 5).map((r) => ({ ...r, mine: mine[rows.indexOf(r)] }))).toEqual([]);
    expect(rows.filter((r) => r.hit).length).toBeGreaterThan(400);
    expect(rows.filter((r) => termsOfQuery(r.query).length > 1 && r.hit).length).toBeGreaterThan(100);
  });
});
