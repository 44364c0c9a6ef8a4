import { grown, IntList } from './growable';
import type { Lexicon } from './lexicon';
import { readTsvector, type DocumentView, type QueryTerm } from './text-rank';

/**
 * Stored search documents of one kind of row (projects, comments) by their ids, with each lexeme's
 * rows: what finds a search's candidates. Numbers, not objects: the documents live in shared typed
 * arrays (each entry a lexeme number and its positions), so a million rows cost a few hundred bytes each.
 */
export class DocumentStore {
  private ids = new Int32Array(0);
  /** The candidates' order, greatest first (projects: trending step then id; comments: id). */
  private order = new Float64Array(0);
  private docStart = new Int32Array(0);
  private docSize = new Uint16Array(0);
  private alive = new Uint8Array(0);
  /** Rows edited since they were indexed: some of their postings may name words they no longer have. */
  private edited = new Uint8Array(0);
  private seen = new Uint32Array(0);
  private stamp = 0;
  private slots = 0;
  /** Each id's slot plus one (0: none); ids are a sequence, so an array indexed by id stays dense. */
  private slotOfId = new Int32Array(0);
  private rows = 0;
  /** Each lexeme's rows (slots); stale entries are left and checked against the document. */
  private readonly postings: IntList[] = [];
  /** Flags per row for the words after the rarest, reused by every search (cleared after each). */
  private readonly scratch: Uint8Array[] = [];

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

  isAlive(slot: number): boolean {
    return this.alive[slot] === 1;
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
      this.alive = grown(this.alive, n, (k) => new Uint8Array(k));
      this.edited = grown(this.edited, n, (k) => new Uint8Array(k));
      this.seen = grown(this.seen, n, (k) => new Uint32Array(k));
    }
    this.ids[slot] = id;
    this.order[slot] = order;
    this.alive[slot] = 1;
    const lexemes: number[] = [];
    const placeLists: (readonly number[])[] = [];
    readTsvector(document, (lexeme, positions) => {
      lexemes.push(this.lexicon.numberOf(lexeme));
      placeLists.push(positions);
    });
    // A new score re-reads the row with the same document, which is kept as it is.
    if (isNew || !this.sameDocument(slot, lexemes, placeLists)) this.appendDocument(slot, isNew, lexemes, placeLists);
    return { slot, isNew };
  }

  remove(id: number): void {
    const slot = this.slotOf(id);
    if (slot === undefined) return;
    this.alive[slot] = 0;
    this.slotOfId[id] = 0;
    this.rows--;
  }

  /**
   * An edited row's document is appended; its old one stays unused, and the postings of words it no
   * longer has stay too: its matches are checked against the document itself from then on.
   */
  private appendDocument(slot: number, isNew: boolean, lexemes: readonly number[], placeLists: readonly (readonly number[])[]): void {
    if (!isNew) this.edited[slot] = 1;
    this.docStart[slot] = this.entryCount;
    this.docSize[slot] = lexemes.length;
    const entries = this.entryCount + lexemes.length;
    this.entryLexeme = grown(this.entryLexeme, entries, (k) => new Int32Array(k));
    this.entryPlaces = grown(this.entryPlaces, entries, (k) => new Int32Array(k));
    this.entryPlaceCount = grown(this.entryPlaceCount, entries, (k) => new Uint16Array(k));
    lexemes.forEach((n, i) => {
      while (n >= this.postings.length) this.postings.push(new IntList());
      this.postings[n]!.push(slot);
      const e = this.entryCount++;
      const positions = placeLists[i]!;
      this.entryLexeme[e] = n;
      this.entryPlaces[e] = this.placeCount;
      this.entryPlaceCount[e] = positions.length;
      this.places = grown(this.places, this.placeCount + positions.length, (k) => new Uint16Array(k));
      for (const position of positions) this.places[this.placeCount++] = position;
    });
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

  /** Which lexemes a word's terms match: a flag per lexeme number. */
  marksOf(terms: readonly QueryTerm[]): Uint8Array {
    const marks = new Uint8Array(this.lexicon.size);
    for (const term of terms) this.lexicon.markPrefix(term.lexeme, marks);
    return marks;
  }

  /**
   * Whether the row's document has a marked lexeme for every word; with `lastPlace`, among its words
   * up to that place only (a project's title: its words come first).
   */
  hasAll(slot: number, words: readonly Uint8Array[], lastPlace = Infinity): boolean {
    if (words.length === 0) return false;
    const start = this.docStart[slot]!;
    const end = start + this.docSize[slot]!;
    for (const marks of words) {
      let found = false;
      for (let e = start; e < end && !found; e++) {
        if (marks[this.entryLexeme[e]!] !== 1) continue;
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
   * The rows first in order whose documents have every word: the rarest word's rows (through its
   * lexemes' lists), each checked against the other words' lists, or its document once edited.
   */
  bestMatches(words: readonly Uint8Array[], max: number): number[] {
    if (words.length === 0) return [];
    const stamp = this.nextStamp();
    const counted = words.map((marks) => {
      let count = 0;
      for (let n = 0; n < marks.length; n++) if (marks[n] === 1) count += this.postings[n]?.length ?? 0;
      return { marks, count };
    });
    counted.sort((a, b) => a.count - b.count);
    const rarest = counted[0]!.marks;
    const others = counted.slice(1).map(({ marks }, w) => this.flagRows(marks, w, 1));
    try {
      const best = new BestCandidates(max, this.order);
      const [seen, alive, edited, order] = [this.seen, this.alive, this.edited, this.order];
      // The lexicon is shared with other stores: a lexeme may have no list here.
      for (let n = 0; n < Math.min(rarest.length, this.postings.length); n++) {
        if (rarest[n] !== 1) continue;
        const { data, length } = this.postings[n]!;
        for (let i = 0; i < length; i++) {
          const slot = data[i]!;
          if (seen[slot] === stamp || alive[slot] !== 1 || order[slot]! <= best.least) continue;
          seen[slot] = stamp;
          let matches = true;
          if (edited[slot] === 1) matches = this.hasAll(slot, words);
          else for (let w = 0; w < others.length && matches; w++) matches = others[w]![slot] === 1;
          if (matches) best.offer(slot);
        }
      }
      return best.slots();
    } finally {
      counted.slice(1).forEach(({ marks }, w) => this.flagRows(marks, w, 0));
    }
  }

  /**
   * Sets (1) or clears (0) the flags of scratch array `w` for the rows listed under the marked
   * lexemes: a search's arrays are reused, not allocated (a megabyte each at 1M projects).
   */
  private flagRows(marks: Uint8Array, w: number, value: 0 | 1): Uint8Array {
    if (!this.scratch[w] || this.scratch[w].length < this.slots) this.scratch[w] = new Uint8Array(Math.max(this.slots * 1.25, 1024));
    const flags = this.scratch[w];
    for (let n = 0; n < Math.min(marks.length, this.postings.length); n++) {
      if (marks[n] !== 1) continue;
      const { data, length } = this.postings[n]!;
      for (let i = 0; i < length; i++) flags[data[i]!] = value;
    }
    return flags;
  }

  private nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** The row's document, for ts_rank. */
  documentOf(slot: number): DocumentView {
    const start = this.docStart[slot]!;
    const size = this.docSize[slot]!;
    const words = this.lexicon.words;
    return {
      size,
      lexemeAt: (i) => words[this.entryLexeme[start + i]!]!,
      positionsAt: (i) => {
        const from = this.entryPlaces[start + i]!;
        return this.places.subarray(from, from + this.entryPlaceCount[start + i]!);
      },
    };
  }
}

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
