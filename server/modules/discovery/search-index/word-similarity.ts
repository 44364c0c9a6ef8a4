/**
 * pg_trgm's `word_similarity(query, text)` computed in process, to the same float4 value: the
 * greatest similarity between the query's trigrams and those of any run of the text's trigrams.
 * Search ranks titles and author names with it, and PostgreSQL must not be asked once per candidate.
 *
 * As pg_trgm builds them: words are runs of letters and digits, lower-cased, padded with two blanks
 * before and one after ("  ab " gives "  a", " ab", "ab "); the text keeps its trigrams in order,
 * repeats included. Trigrams compare as strings here; pg_trgm hashes those of multi-byte letters into
 * three bytes, which can only differ when two hashes collide.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const SURROGATE = /[\uD800-\uDFFF]/;

/** A text's trigrams in order, word by word, repeats kept. */
export function trigramsOf(text: string): string[] {
  const out: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const padded = `  ${match[0]} `;
    // Code points, not UTF-16 units: a letter outside the BMP is one character to pg_trgm.
    if (!SURROGATE.test(padded)) {
      for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
    } else {
      const chars = [...padded];
      for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
    }
  }
  return out;
}

/** pg_trgm's similarity of a stretch: shared trigrams over the union's, as float4. */
function similarity(shared: number, queryTrigrams: number, stretchTrigrams: number): number {
  return Math.fround(shared / (queryTrigrams + stretchTrigrams - shared));
}

/** One query's trigrams, compared with many texts. */
export class WordSimilarity {
  private readonly query: ReadonlySet<string>;

  constructor(query: string) {
    this.query = new Set(trigramsOf(query));
  }

  /** The query's distinct trigrams. */
  get trigrams(): ReadonlySet<string> {
    return this.query;
  }

  /**
   * word_similarity(query, text); or, when it cannot exceed `beat`, some value not above `beat` (a
   * caller that keeps the greater of several scores need not know it exactly).
   */
  of(text: string, beat = -1): number {
    if (beat >= 0 && this.atMost(text) <= beat) return 0;
    const trigrams = trigramsOf(text);
    const n = trigrams.length;
    if (n === 0 || this.query.size === 0) return 0;
    // Most texts compared share no trigram with the query: no stretch to measure.
    if (!trigrams.some((t) => this.query.has(t))) return 0;
    // Each distinct trigram of the text gets a number; `inQuery` says which the query has too.
    const ids = new Map<string, number>();
    const at = new Int32Array(n);
    const inQuery: boolean[] = [];
    for (let i = 0; i < n; i++) {
      const t = trigrams[i]!;
      let id = ids.get(t);
      if (id === undefined) {
        id = ids.size;
        ids.set(t, id);
        inQuery.push(this.query.has(t));
      }
      at[i] = id;
    }
    return bestStretch(at, inQuery, this.query.size);
  }

  /**
   * A bound on word_similarity(query, text): the share of the query's trigrams the text has at all
   * (a stretch's similarity, shared / (query + stretch - shared), is at most shared / query). The
   * words padded as pg_trgm pads them, side by side: a trigram of the query's shapes ("  a", " ab",
   * "abc", "ab ", " a ") occurs in that string only where the text has it, never across two words.
   */
  private atMost(text: string): number {
    const padded = `  ${text.toLowerCase().replace(NOT_WORD, '   ')} `;
    let shared = 0;
    for (const trigram of this.query) if (padded.includes(trigram)) shared++;
    return Math.fround(shared / this.query.size);
  }
}

/**
 * The greatest similarity of any stretch of the text that ends on a trigram the query has, as
 * pg_trgm walks it: the stretch grows to each such trigram, then its start moves right while that
 * raises the similarity. `lastAt` holds each trigram's last place inside the current stretch.
 */
function bestStretch(at: Int32Array, inQuery: readonly boolean[], queryTrigrams: number): number {
  const lastAt = new Int32Array(inQuery.length).fill(-1);
  let distinct = 0;
  let shared = 0;
  let start = -1;
  let best = 0;
  for (let i = 0; i < at.length; i++) {
    const t = at[i]!;
    if (start >= 0 || inQuery[t]) {
      if (lastAt[t]! < 0) {
        distinct++;
        if (inQuery[t]) shared++;
      }
      lastAt[t] = i;
    }
    if (!inQuery[t]) continue;
    if (start === -1) {
      start = i;
      distinct = 1;
    }
    let current = similarity(shared, queryTrigrams, distinct);
    // Try each later start: a trigram leaves the stretch when its last place is passed.
    let tryShared = shared;
    let tryDistinct = distinct;
    const previousStart = start;
    for (let s = start; s <= i; s++) {
      const candidate = similarity(tryShared, queryTrigrams, tryDistinct);
      if (candidate > current) {
        current = candidate;
        distinct = tryDistinct;
        start = s;
        shared = tryShared;
      }
      const leaving = at[s]!;
      if (lastAt[leaving] === s) {
        tryDistinct--;
        if (inQuery[leaving]) tryShared--;
      }
    }
    if (current > best) best = current;
    for (let s = previousStart; s < start; s++) {
      const leaving = at[s]!;
      if (lastAt[leaving] === s) lastAt[leaving] = -1;
    }
  }
  return best;
}

/** word_similarity(query, text), for one pair. */
export function wordSimilarity(query: string, text: string): number {
  return new WordSimilarity(query).of(text);
}
