/**
 * PostgreSQL's full-text match and `ts_rank` computed in process, to the same float4 value, for the
 * queries search writes: words ANDed, each word one prefix (`reac:* & dash:*`) or several spellings
 * ORed. Search ranks its candidates with them without asking PostgreSQL once per candidate.
 *
 * A document is a stored tsvector as PostgreSQL prints it. Its lexemes keep PostgreSQL's order
 * (byte order of their UTF-8); a position keeps PostgreSQL's 16-bit form: the weight in the top two
 * bits (D 0 to A 3), the place in the other fourteen.
 */

/** ts_rank's default weights, D to A, as float4. */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(Math.fround);
const POSITION_BITS = 0x3fff;
/** ts_rank's normalization 32: the rank divided by itself plus one. */
export const RANK_BY_RANK_PLUS_ONE = 32;
const WEIGHT_OF: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 };

/** A document's lexemes in PostgreSQL's order, each with its positions (weight included). */
export interface DocumentView {
  readonly size: number;
  lexemeAt(i: number): string;
  positionsAt(i: number): ArrayLike<number>;
  /**
   * Where the query's term number `term` (distinctTerms' order) occurs, [first, end) of the lexemes,
   * when the view was read with the query's terms marked (a store's document); undefined: found by text.
   */
  entriesOfTerm?(term: number): [number, number] | undefined;
}

/** A query term: a lexeme (stemmed as the query's words are) that matches as a prefix or whole. */
export type QueryTerm = { lexeme: string; prefix: boolean };

/** Parses a tsvector's text form ('lexeme':1,3B 'other':2), handing each lexeme and its positions over in order. */
export function readTsvector(text: string, onLexeme: (lexeme: string, positions: readonly number[]) => void): void {
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`not a tsvector at ${i}: ${text.slice(i, i + 20)}`);
    let lexeme = '';
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) throw new Error('unterminated lexeme in tsvector');
      if (c === "'" && text[i + 1] === "'") {
        lexeme += "'";
        i += 2;
      } else if (c === '\\') {
        lexeme += text[i + 1] ?? '';
        i += 2;
      } else if (c === "'") {
        i++;
        break;
      } else {
        lexeme += c;
        i++;
      }
    }
    const places: number[] = [];
    if (text[i] === ':') {
      i++;
      for (;;) {
        let place = 0;
        while (i < text.length && text[i]! >= '0' && text[i]! <= '9') place = place * 10 + (text.charCodeAt(i++) - 48);
        const weight = WEIGHT_OF[text[i] ?? ''];
        if (weight !== undefined) i++;
        places.push(((weight ?? 0) << 14) | (place & POSITION_BITS));
        if (text[i] !== ',') break;
        i++;
      }
    }
    onLexeme(lexeme, places);
  }
}

/** A UTF-16 unit moved so that units compare as the UTF-8 bytes of what they encode: surrogates (U+10000 up) last. */
const inUtf8Order = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2000 : unit >= 0xe000 ? unit - 0x800 : unit);

/** PostgreSQL's order of lexemes: their UTF-8 bytes, a prefix before what extends it. */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return inUtf8Order(x) - inUtf8Order(y);
  }
  return a.length - b.length;
}

/** The index of the first lexeme not before `lexeme`. */
function firstNotBefore(doc: DocumentView, lexeme: string): number {
  let low = 0;
  let high = doc.size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareLexemes(doc.lexemeAt(middle), lexeme) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The document's entries a term (number `index` of the distinct terms) matches: [first, end) in its lexemes. */
function entriesOf(doc: DocumentView, term: QueryTerm, index: number): [number, number] {
  const known = doc.entriesOfTerm?.(index);
  if (known) return known;
  const first = firstNotBefore(doc, term.lexeme);
  let end = first;
  if (term.prefix) {
    while (end < doc.size && doc.lexemeAt(end).startsWith(term.lexeme)) end++;
  } else if (first < doc.size && doc.lexemeAt(first) === term.lexeme) {
    end = first + 1;
  }
  return [first, end];
}

/** Terms already put in order: a search ranks many documents with the same terms. */
const ordered = new WeakMap<readonly QueryTerm[], QueryTerm[]>();

/** The query's terms in PostgreSQL's order, each once (by lexeme: a prefix and a whole word of one lexeme count once). */
export function distinctTerms(terms: readonly QueryTerm[]): QueryTerm[] {
  let distinct = ordered.get(terms);
  if (!distinct) ordered.set(terms, (distinct = distinctTermsOf(terms)));
  return distinct;
}

function distinctTermsOf(terms: readonly QueryTerm[]): QueryTerm[] {
  const sorted = [...terms].sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
  return sorted.filter((t, i) => i === 0 || sorted[i - 1]!.lexeme !== t.lexeme);
}

const weightOf = (position: number) => WEIGHTS[position >>> 14]!;
const placeOf = (position: number) => position & POSITION_BITS;

/** How much two occurrences so far apart say together, as float4. */
function nearness(distance: number): number {
  if (distance > 100) return Math.fround(1e-30);
  return Math.fround(1.0 / (1.005 + 0.05 * Math.exp(Math.fround(distance) / 1.5 - 2)));
}

/** One term or terms ORed: each matched lexeme's occurrences, the first and the weightiest counting most. */
function rankAny(doc: DocumentView, terms: readonly QueryTerm[]): number {
  const distinct = distinctTerms(terms);
  let rank = 0;
  for (let t = 0; t < distinct.length; t++) {
    const [first, end] = entriesOf(doc, distinct[t]!, t);
    for (let e = first; e < end; e++) {
      const places = doc.positionsAt(e);
      let sum = 0;
      let heaviest = -1;
      let heaviestAt = 0;
      for (let j = 0; j < places.length; j++) {
        const w = weightOf(places[j]!);
        sum = Math.fround(sum + Math.fround(w / ((j + 1) * (j + 1))));
        if (w > heaviest) {
          heaviest = w;
          heaviestAt = j;
        }
      }
      const spread = Math.fround(Math.fround(heaviest + sum) - Math.fround(heaviest / ((heaviestAt + 1) * (heaviestAt + 1))));
      rank = Math.fround(rank + spread / 1.64493406685);
    }
  }
  return distinct.length > 0 ? Math.fround(rank / distinct.length) : rank;
}

/**
 * Terms ANDed: every pair of occurrences of two different terms, the nearer the more. As PostgreSQL
 * does, a prefix's lexemes are taken in turn and each later term pairs with the last of them only.
 */
function rankAll(doc: DocumentView, terms: readonly QueryTerm[]): number {
  const distinct = distinctTerms(terms);
  if (distinct.length < 2) return rankAny(doc, terms);
  const lastOf: (ArrayLike<number> | undefined)[] = [];
  let rank = -1;
  for (let i = 0; i < distinct.length; i++) {
    const [first, end] = entriesOf(doc, distinct[i]!, i);
    for (let e = first; e < end; e++) {
      const mine = doc.positionsAt(e);
      lastOf[i] = mine;
      for (let k = 0; k < i; k++) {
        const theirs = lastOf[k];
        if (!theirs) continue;
        for (let l = 0; l < mine.length; l++) {
          const a = mine[l]!;
          for (let p = 0; p < theirs.length; p++) {
            const b = theirs[p]!;
            const distance = Math.abs(placeOf(a) - placeOf(b));
            if (distance === 0) continue;
            const together = Math.fround(Math.sqrt(Math.fround(Math.fround(weightOf(a) * weightOf(b)) * nearness(distance))));
            rank = rank < 0 ? together : Math.fround(1.0 - (1.0 - rank) * (1.0 - together));
          }
        }
      }
    }
  }
  return rank;
}

/**
 * ts_rank(document, query, normalization) for terms ANDed (`all`: true, as `a:* & b:*`) or a single
 * term. Normalization: 0 or RANK_BY_RANK_PLUS_ONE.
 */
export function tsRank(doc: DocumentView, terms: readonly QueryTerm[], o: { all: boolean; normalization?: number }): number {
  if (doc.size === 0 || terms.length === 0) return 0;
  let rank = o.all && terms.length > 1 ? rankAll(doc, terms) : rankAny(doc, terms);
  if (rank < 0) rank = Math.fround(1e-20);
  if ((o.normalization ?? 0) & RANK_BY_RANK_PLUS_ONE) rank = Math.fround(rank / Math.fround(rank + 1));
  return rank;
}
