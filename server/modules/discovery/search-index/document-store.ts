import { grown, IntList, trimmed, Visits } from './growable';
import type { Lexicon } from './lexicon';
import { distinctTerms, readTsvector, type DocumentView, type QueryTerm } from './text-rank';

/** A query word's lexemes: flags by lexeme number (to check a document) and their numbers (to walk their rows). */
export type WordMarks = { readonly flags: Uint8Array; readonly lexemes: readonly number[] };

/**
 * A query's distinct terms (distinctTerms' order) as bits by lexeme number, bit t for term t: ranking
 * finds a term's entries in a document by its lexemes' numbers instead of comparing their text.
 */
export type TermBits = { readonly bits: Uint32Array; readonly marked: readonly number[] };

/** Terms a TermBits can tell apart (one bit each). */
const TERM_BITS_MAX = 32;

/**
 * Stored search documents of one kind of row (projects, comments) by their ids, with each lexeme's
 * rows: what finds a search's candidates. Numbers, not objects: the documents live in shared typed
 * arrays (each entry a lexeme number and its positions), so a million rows cost a few hundred bytes each.
 * Each lexeme's rows are kept in the candidates' order, so a search reads a common word's best rows
 * and stops, instead of all of them.
 */
export class DocumentStore {
  private ids = new Int32Array(0);
  /** The candidates' order, greatest first (projects: trending step then id; comments: id). */
  private order = new Float64Array(0);
  private docStart = new Int32Array(0);
  private docSize = new Uint16Array(0);
  private readonly visits = new Visits();
  private slots = 0;
  /** Each id's slot plus one (0: none); ids are a sequence, so an array indexed by id stays dense. */
  private slotOfId = new Int32Array(0);
  private rows = 0;
  /**
   * Each lexeme's rows (slots), exactly those whose document has it, ascending by order then slot
   * (a search walks them from the end). While the store is filled, rows are appended and a list
   * they put out of order is flagged, until orderPostings sorts it: inserting each row in place would
   * move a list's tail a million times.
   */
  private readonly postings: IntList[] = [];
  private unordered = new Uint8Array(0);
  private filling = true;
  /** Flags per row for the words after the rarest, reused by every search (cleared after each). */
  private readonly scratch: Uint8Array[] = [];
  /** markTerms' bits by lexeme number, reused by every search (cleared by releaseTerms). */
  private termBits = new Uint32Array(0);
  private termBitsInUse = false;

  // Per document entry: its lexeme and where its positions are.
  private entryLexeme = new Int32Array(0);
  private entryPlaces = new Int32Array(0);
  private entryPlaceCount = new Uint16Array(0);
  private entryCount = 0;
  private places = new Uint16Array(0);
  private placeCount = 0;

  constructor(private readonly lexicon: Lexicon) {}

  /** How many rows are held. */
  get size(): number {
    return this.rows;
  }

  /** How many slots exist (removed rows keep theirs). */
  get slotCount(): number {
    return this.slots;
  }

  slotOf(id: number): number | undefined {
    const plusOne = id < this.slotOfId.length ? this.slotOfId[id]! : 0;
    return plusOne === 0 ? undefined : plusOne - 1;
  }

  idOf(slot: number): number {
    return this.ids[slot]!;
  }

  /** Whether the slot still holds its row (a removed row's id no longer leads to it). */
  isAlive(slot: number): boolean {
    return this.slotOf(this.ids[slot]!) === slot;
  }

  /** Sets a row's document (a tsvector's text) and order; answers its slot and whether it is new. */
  set(id: number, document: string, order: number): { slot: number; isNew: boolean } {
    let slot = this.slotOf(id);
    const isNew = slot === undefined;
    if (slot === undefined) {
      slot = this.slots++;
      this.slotOfId = grown(this.slotOfId, id + 1, (k) => new Int32Array(k));
      this.slotOfId[id] = slot + 1;
      this.rows++;
      const n = this.slots;
      this.ids = grown(this.ids, n, (k) => new Int32Array(k));
      this.order = grown(this.order, n, (k) => new Float64Array(k));
      this.docStart = grown(this.docStart, n, (k) => new Int32Array(k));
      this.docSize = grown(this.docSize, n, (k) => new Uint16Array(k));
      this.visits.fit(n);
    }
    const lexemes: number[] = [];
    const placeLists: (readonly number[])[] = [];
    readTsvector(document, (lexeme, positions) => {
      lexemes.push(this.lexicon.numberOf(lexeme));
      placeLists.push(positions);
    });
    // A new score re-reads the row with the same document and order: nothing to move.
    const same = !isNew && this.sameDocument(slot, lexemes, placeLists);
    if (same && this.order[slot] === order) return { slot, isNew };
    // Out of its lists at the order they hold it by, back in at the new one.
    if (!isNew) this.unlist(slot);
    this.ids[slot] = id;
    this.order[slot] = order;
    if (!same) this.appendDocument(slot, lexemes, placeLists);
    this.list(slot);
    return { slot, isNew };
  }

  remove(id: number): void {
    const slot = this.slotOf(id);
    if (slot === undefined) return;
    this.unlist(slot);
    this.slotOfId[id] = 0;
    this.rows--;
  }

  /** An edited row's document is appended; its old one stays unused. */
  private appendDocument(slot: number, lexemes: readonly number[], placeLists: readonly (readonly number[])[]): void {
    this.docStart[slot] = this.entryCount;
    this.docSize[slot] = lexemes.length;
    const entries = this.entryCount + lexemes.length;
    this.entryLexeme = grown(this.entryLexeme, entries, (k) => new Int32Array(k));
    this.entryPlaces = grown(this.entryPlaces, entries, (k) => new Int32Array(k));
    this.entryPlaceCount = grown(this.entryPlaceCount, entries, (k) => new Uint16Array(k));
    lexemes.forEach((n, i) => {
      const e = this.entryCount++;
      const positions = placeLists[i]!;
      this.entryLexeme[e] = n;
      this.entryPlaces[e] = this.placeCount;
      this.entryPlaceCount[e] = positions.length;
      this.places = grown(this.places, this.placeCount + positions.length, (k) => new Uint16Array(k));
      for (const position of positions) this.places[this.placeCount++] = position;
    });
  }

  /** Puts the row in the lists of its document's lexemes, in order. */
  private list(slot: number): void {
    const start = this.docStart[slot]!;
    for (let e = start; e < start + this.docSize[slot]!; e++) {
      const n = this.entryLexeme[e]!;
      while (n >= this.postings.length) this.postings.push(new IntList());
      this.unordered = grown(this.unordered, n + 1, (k) => new Uint8Array(k));
      const list = this.postings[n]!;
      const last = list.length === 0 ? -1 : list.data[list.length - 1]!;
      if (last === -1 || this.before(last, slot)) list.push(slot);
      else if (this.unordered[n] === 1 || this.filling) {
        list.push(slot);
        this.unordered[n] = 1;
      } else list.insertAt(this.placeOf(list, slot), slot);
    }
  }

  /** Takes the row out of the lists of its document's lexemes (found by the order they hold it by). */
  private unlist(slot: number): void {
    const start = this.docStart[slot]!;
    for (let e = start; e < start + this.docSize[slot]!; e++) {
      const n = this.entryLexeme[e]!;
      const list = this.postings[n]!;
      let at = this.unordered[n] === 1 ? -1 : this.placeOf(list, slot);
      if (at < 0 || at >= list.length || list.data[at] !== slot) at = list.indexOf(slot);
      if (at >= 0) list.removeAt(at);
    }
  }

  /** Whether row a comes before row b in a list: by order, then slot (orders may tie). */
  private before(a: number, b: number): boolean {
    const oa = this.order[a]!;
    const ob = this.order[b]!;
    return oa < ob || (oa === ob && a < b);
  }

  /** The first place in an ordered list whose row does not come before the given row. */
  private placeOf(list: IntList, slot: number): number {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.before(list.data[middle]!, slot)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Sorts the lists the store's filling put out of order, until `deadline` (performance.now()):
   * answers whether all are in order. From then on rows go in place.
   */
  orderPostings(deadline: number): boolean {
    const compare = (a: number, b: number) => (this.before(a, b) ? -1 : a === b ? 0 : 1);
    for (let n = 0; n < this.postings.length; n++) {
      if (this.unordered[n] !== 1) continue;
      const list = this.postings[n]!;
      list.data.subarray(0, list.length).sort(compare);
      this.unordered[n] = 0;
      if (performance.now() > deadline) return false;
    }
    this.filling = false;
    this.trim();
    return true;
  }

  /** Filled, the arrays give back the room their growth left (a third of what they held at 1M projects). */
  private trim(): void {
    const n = this.slots;
    [this.ids, this.order, this.docStart, this.docSize] = [trimmed(this.ids, n), trimmed(this.order, n), trimmed(this.docStart, n), trimmed(this.docSize, n)];
    this.visits.trim(n);
    this.entryLexeme = trimmed(this.entryLexeme, this.entryCount);
    this.entryPlaces = trimmed(this.entryPlaces, this.entryCount);
    this.entryPlaceCount = trimmed(this.entryPlaceCount, this.entryCount);
    this.places = trimmed(this.places, this.placeCount);
    for (const list of this.postings) list.trim();
  }

  private sameDocument(slot: number, lexemes: readonly number[], placeLists: readonly (readonly number[])[]): boolean {
    const start = this.docStart[slot]!;
    if (this.docSize[slot] !== lexemes.length) return false;
    return lexemes.every((n, i) => {
      const e = start + i;
      const positions = placeLists[i]!;
      if (this.entryLexeme[e] !== n || this.entryPlaceCount[e] !== positions.length) return false;
      const from = this.entryPlaces[e]!;
      return positions.every((position, j) => this.places[from + j] === position);
    });
  }

  /** Which lexemes a word's terms match. */
  marksOf(terms: readonly QueryTerm[]): WordMarks {
    const flags = new Uint8Array(this.lexicon.size);
    const lexemes: number[] = [];
    for (const term of terms) this.lexicon.markPrefix(term.lexeme, flags, lexemes);
    return { flags, lexemes };
  }

  /**
   * Whether the row's document has a marked lexeme for every word; with `lastPlace`, among its words
   * up to that place only (a project's title: its words come first).
   */
  hasAll(slot: number, words: readonly WordMarks[], lastPlace = Infinity): boolean {
    if (words.length === 0) return false;
    const start = this.docStart[slot]!;
    const end = start + this.docSize[slot]!;
    for (const { flags } of words) {
      let found = false;
      for (let e = start; e < end && !found; e++) {
        if (flags[this.entryLexeme[e]!] !== 1) continue;
        found = lastPlace === Infinity || this.occursBy(e, lastPlace);
      }
      if (!found) return false;
    }
    return true;
  }

  private occursBy(entry: number, lastPlace: number): boolean {
    const from = this.entryPlaces[entry]!;
    const to = from + this.entryPlaceCount[entry]!;
    for (let i = from; i < to; i++) if ((this.places[i]! & 0x3fff) <= lastPlace) return true;
    return false;
  }

  /**
   * The rows first in order whose documents have every word: the rarest word's lists read from their
   * best rows down, each row checked against the other words, until no row left can get in. A row
   * is checked against its document, or against the other words' rows as flags once that costs
   * less (two common words seldom found together).
   */
  bestMatches(words: readonly WordMarks[], max: number): number[] {
    if (words.length === 0 || max <= 0) return [];
    const visits = this.visits;
    visits.start();
    const counted = words.map((marks) => ({ marks, count: this.rowsUnder(marks) }));
    counted.sort((a, b) => a.count - b.count);
    const rarest = counted[0]!.marks;
    const others = counted.slice(1).map((c) => c.marks);
    // A document check reads about as many entries as this many listed rows flag.
    let checksLeft = counted.slice(1).reduce((sum, c) => sum + c.count, 0) / DOCUMENT_CHECK_COST;
    let flags: Uint8Array[] | null = null;
    const best = new BestCandidates(max, this.order);
    const [order, postings, unordered] = [this.order, this.postings, this.unordered];
    try {
      for (const n of rarest.lexemes) {
        // The lexicon is shared with other stores: a lexeme may have no list here.
        const list = postings[n];
        if (!list) continue;
        const { data, length } = list;
        const inOrder = unordered[n] !== 1;
        for (let i = length - 1; i >= 0; i--) {
          const slot = data[i]!;
          if (order[slot]! <= best.least) {
            if (inOrder) break;
            continue;
          }
          if (!visits.first(slot)) continue;
          if (others.length > 0) {
            if (flags === null && --checksLeft < 0) flags = others.map((marks, w) => this.flagRows(marks, w, 1));
            if (!(flags ? flags.every((f) => f[slot] === 1) : this.hasAll(slot, others))) continue;
          }
          best.offer(slot);
        }
      }
      return best.slots();
    } finally {
      if (flags) others.forEach((marks, w) => this.flagRows(marks, w, 0));
    }
  }

  private rowsUnder(marks: WordMarks): number {
    let count = 0;
    for (const n of marks.lexemes) count += this.postings[n]?.length ?? 0;
    return count;
  }

  /**
   * Sets (1) or clears (0) the flags of scratch array `w` for the rows listed under the marked
   * lexemes: a search's arrays are reused, not allocated (a megabyte each at 1M projects).
   */
  private flagRows(marks: WordMarks, w: number, value: 0 | 1): Uint8Array {
    if (!this.scratch[w] || this.scratch[w].length < this.slots) this.scratch[w] = new Uint8Array(Math.max(this.slots * 1.25, 1024));
    const flags = this.scratch[w];
    for (const n of marks.lexemes) {
      const list = this.postings[n];
      if (!list) continue;
      const { data, length } = list;
      for (let i = 0; i < length; i++) flags[data[i]!] = value;
    }
    return flags;
  }

  /**
   * The query's terms as bits by lexeme number, for documentOf, until releaseTerms; null when there are
   * more terms than bits or another search holds them (ranking then compares text).
   */
  markTerms(terms: readonly QueryTerm[]): TermBits | null {
    const distinct = distinctTerms(terms);
    if (distinct.length > TERM_BITS_MAX || this.termBitsInUse) return null;
    this.termBitsInUse = true;
    if (this.termBits.length < this.lexicon.size) this.termBits = new Uint32Array(Math.max(this.lexicon.size * 1.25, 1024));
    const bits = this.termBits;
    const marked: number[] = [];
    distinct.forEach((term, t) => {
      const set = (n: number) => {
        if (bits[n] === 0) marked.push(n);
        bits[n]! |= 1 << t;
      };
      if (term.prefix) this.lexicon.eachWithPrefix(term.lexeme, set);
      else {
        const n = this.lexicon.known(term.lexeme);
        if (n !== undefined) set(n);
      }
    });
    return { bits, marked };
  }

  releaseTerms(terms: TermBits | null): void {
    if (!terms) return;
    for (const n of terms.marked) terms.bits[n] = 0;
    this.termBitsInUse = false;
  }

  /** The row's document, for ts_rank; with the query's TermBits, its terms are found by number. */
  documentOf(slot: number, terms: TermBits | null = null): DocumentView {
    return new StoredDocument(
      this.docStart[slot]!,
      this.docSize[slot]!,
      this.lexicon.words,
      this.entryLexeme,
      this.entryPlaces,
      this.entryPlaceCount,
      this.places,
      terms?.bits ?? null,
    );
  }
}

/** A stored row's document as ts_rank reads it: views of the store's arrays, nothing copied. */
class StoredDocument implements DocumentView {
  constructor(
    private readonly start: number,
    readonly size: number,
    private readonly words: readonly string[],
    private readonly entryLexeme: Int32Array,
    private readonly entryPlaces: Int32Array,
    private readonly entryPlaceCount: Uint16Array,
    private readonly places: Uint16Array,
    private readonly termBits: Uint32Array | null,
  ) {}

  lexemeAt(i: number): string {
    return this.words[this.entryLexeme[this.start + i]!]!;
  }

  /** A term's lexemes are one run of the document's (a prefix's extensions sort together). */
  entriesOfTerm(term: number): [number, number] | undefined {
    const bits = this.termBits;
    if (!bits) return undefined;
    const bit = 1 << term;
    const last = this.start + this.size;
    let first = this.start;
    while (first < last && (bits[this.entryLexeme[first]!]! & bit) === 0) first++;
    let end = first;
    while (end < last && (bits[this.entryLexeme[end]!]! & bit) !== 0) end++;
    return [first - this.start, end - this.start];
  }

  positionsAt(i: number): Uint16Array {
    const from = this.entryPlaces[this.start + i]!;
    return this.places.subarray(from, from + this.entryPlaceCount[this.start + i]!);
  }
}

/** Listed rows flagged in the time one candidate's document is checked against the other words. */
const DOCUMENT_CHECK_COST = 16;

/** A bounded list of the best candidates by `order` (greatest first), as a heap of the least on top. */
class BestCandidates {
  private readonly heap: number[] = [];

  constructor(
    private readonly max: number,
    private readonly order: Float64Array,
  ) {}

  /** The order a candidate must exceed to get in (-Infinity while there is room). */
  get least(): number {
    return this.heap.length < this.max ? -Infinity : this.max === 0 ? Infinity : this.order[this.heap[0]!]!;
  }

  offer(slot: number): void {
    const h = this.heap;
    const o = this.order;
    if (h.length < this.max) {
      h.push(slot);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (o[h[i]!]! >= o[h[parent]!]!) break;
        [h[i], h[parent]] = [h[parent]!, h[i]!];
        i = parent;
      }
      return;
    }
    if (this.max === 0 || o[slot]! <= o[h[0]!]!) return;
    h[0] = slot;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < h.length && o[h[l]!]! < o[h[least]!]!) least = l;
      if (r < h.length && o[h[r]!]! < o[h[least]!]!) least = r;
      if (least === i) break;
      [h[i], h[least]] = [h[least]!, h[i]!];
      i = least;
    }
  }

  slots(): number[] {
    return this.heap;
  }
}
