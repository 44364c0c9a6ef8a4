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

import { grown, Visits } from './growable';

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

/** A text's trigrams as 64 bits (two words), each trigram setting the bit its hash picks. */
export type TrigramSignature = { low: number; high: number };

/** Which of a signature's 64 bits a trigram sets. */
function trigramBit(trigram: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < trigram.length; i++) h = Math.imul(h ^ trigram.charCodeAt(i), 0x01000193);
  return Math.imul(h, 0x9e3779b1) >>> 26;
}

/**
 * The signature of a text given as paddedWords(text): a cheap first test of its likeness to a query
 * (WordSimilarity.cannotBeat), for texts compared far more often than they change (titles).
 */
export function trigramSignature(padded: string): TrigramSignature {
  let low = 0;
  let high = 0;
  for (const trigram of trigramsOf(padded)) {
    const bit = trigramBit(trigram);
    if (bit < 32) low |= 1 << bit;
    else high |= 1 << (bit - 32);
  }
  return { low: low >>> 0, high: high >>> 0 };
}

/**
 * Trigrams as numbers, for texts measured again and again (users' names): each text is coded once
 * when it is stored, and its likeness to a query is then measured without a string made or hashed.
 */
export class TrigramCodes {
  private readonly codes = new Map<string, number>();
  private readonly visits = new Visits();
  private localOf = new Int32Array(0);

  get size(): number {
    return this.codes.size;
  }

  /** The text's trigrams in order (trigramsOf), each as its code; a trigram never seen gets the next. */
  encode(trigrams: readonly string[]): number[] {
    return trigrams.map((t) => {
      let code = this.codes.get(t);
      if (code === undefined) {
        code = this.codes.size;
        this.codes.set(t, code);
      }
      return code;
    });
  }

  /** Flags by code: which coded trigrams the set has (one it has that no text has stays out). */
  flagsOf(trigrams: ReadonlySet<string>): Uint8Array {
    const flags = new Uint8Array(this.codes.size);
    for (const t of trigrams) {
      const code = this.codes.get(t);
      if (code !== undefined) flags[code] = 1;
    }
    return flags;
  }

  /**
   * The text's trigrams numbered as WordSimilarity.of numbers them (by first occurrence), with whether
   * the query has each: what bestStretch reads.
   */
  numbered(text: ArrayLike<number>, from: number, to: number, inQueryCode: Uint8Array): { at: Int32Array; inQuery: boolean[] } {
    const size = this.codes.size;
    this.visits.fit(size);
    this.localOf = grown(this.localOf, size, (n) => new Int32Array(n));
    this.visits.start();
    const at = new Int32Array(to - from);
    const inQuery: boolean[] = [];
    for (let i = from; i < to; i++) {
      const code = text[i]!;
      if (this.visits.first(code)) {
        this.localOf[code] = inQuery.length;
        inQuery.push(inQueryCode[code] === 1);
      }
      at[i - from] = this.localOf[code]!;
    }
    return { at, inQuery };
  }
}

/** One query's trigrams, compared with many texts. */
export class WordSimilarity {
  private readonly query: ReadonlySet<string>;
  /** The query's trigrams' bits in a trigramSignature (made on first use). */
  private bits: number[] | null = null;
  /** The query's flags by code, for the TrigramCodes they were made from (made on first use). */
  private coded: { codes: TrigramCodes; size: number; flags: Uint8Array } | null = null;

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
    return this.ofPadded(paddedWords(text), beat);
  }

  /** `of` for a text given as paddedWords(text): texts measured often are stored so. */
  ofPadded(padded: string, beat = -1): number {
    if (beat >= 0 && this.atMost(padded) <= beat) return 0;
    // The padded words are the text's words, lower-cased as trigramsOf lower-cases them.
    const trigrams = trigramsOf(padded);
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
   * word_similarity(query, text) for a text stored as its trigrams' codes (`text` from `from` to
   * `to`, coded by `codes`): the same value as `of` gives the text, without its trigrams made again.
   */
  ofCoded(text: ArrayLike<number>, from: number, to: number, codes: TrigramCodes): number {
    if (to <= from || this.query.size === 0) return 0;
    if (this.coded?.codes !== codes || this.coded.size !== codes.size) this.coded = { codes, size: codes.size, flags: codes.flagsOf(this.query) };
    const flags = this.coded.flags;
    let shares = false;
    for (let i = from; i < to && !shares; i++) shares = flags[text[i]!] === 1;
    if (!shares) return 0;
    const { at, inQuery } = codes.numbered(text, from, to, flags);
    return bestStretch(at, inQuery, this.query.size);
  }

  /**
   * Whether word_similarity(query, text) cannot exceed `beat`, from the text's trigramSignature alone
   * (its two words, kept apart so that a caller holding them in an array makes no object): the query's
   * trigrams whose bits it has bound those the text shares (atMost's count).
   */
  cannotBeat(low: number, high: number, beat: number): boolean {
    if (this.bits === null) this.bits = [...this.query].map(trigramBit);
    let shared = 0;
    for (const bit of this.bits) if ((bit < 32 ? low >>> bit : high >>> (bit - 32)) & 1) shared++;
    return this.shareOfQuery(shared) <= beat;
  }

  /**
   * A bound on word_similarity(query, text), from paddedWords(text): the share of the query's trigrams
   * the text has at all (a stretch's similarity, shared / (query + stretch - shared), is at most
   * shared / query). A trigram of the query's shapes ("  a", " ab", "abc", "ab ", " a ") occurs in the
   * padded words only where the text has it, never across two words.
   */
  private atMost(padded: string): number {
    let shared = 0;
    for (const trigram of this.query) if (padded.includes(trigram)) shared++;
    return this.shareOfQuery(shared);
  }

  /** The share of the query's trigrams that `shared` are, as float4 (as the likeness is computed). */
  private shareOfQuery(shared: number): number {
    return Math.fround(shared / this.query.size);
  }
}

/**
 * A text's words lower-cased and padded as pg_trgm pads them, side by side ("React-App" ->
 * "  react   app "): its trigrams are the text's, and a trigram occurs in it only where the text has it.
 */
export function paddedWords(text: string): string {
  return `  ${text.toLowerCase().replace(NOT_WORD, '   ')} `;
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
