import { isPremiumNow } from '../../../access/premium';
import { DocumentStore, type TermBits, type WordMarks } from './document-store';
import { grown, trimmed, Visits } from './growable';
import { Lexicon } from './lexicon';
import { RANK_BY_RANK_PLUS_ONE, tsRank, type QueryTerm } from './text-rank';
import { UserDirectory, type AlikeUser, type IndexedUser, type UserEntry } from './user-directory';
import { paddedWords, trigramSignature, WordSimilarity } from './word-similarity';

/**
 * What search ranks, held in memory by each instance: every project's stored search document, title,
 * trending score and author, every comment's document, writer, project and time, and every user's
 * name and standing. It answers a search's projects and comments as discovery.repository's SQL does
 * (searchProjectsQuerySql, searchCommentsQuerySql), with the same rules and the same float values
 * (word-similarity.ts, text-rank.ts), without PostgreSQL reading a row.
 */

export type IndexedProject = { id: number; title: string; trendingScore: number | null; authorId: string; document: string; titleEnd: number };
export type IndexedComment = { id: number; userId: string; projectId: number; createdAtMicros: number; document: string };
export type { IndexedUser };

/** A search's words as the index reads them. */
export type IndexWords = {
  /** Each query word's spellings, the word as typed first (one spelling outside the typo round). */
  words: readonly (readonly string[])[];
  /** The typo round's likeliest spellings of each word, or null outside it. */
  likely: readonly (readonly string[])[] | null;
  /** Each spelling's lexemes as PostgreSQL's English configuration stems it (none: a stop word). */
  stems: ReadonlyMap<string, readonly string[]>;
};

/** A project search as the index answers it. */
export type ProjectQuery = IndexWords & {
  /** The trimmed, lower-cased query, for trigram likeness. */
  text: string;
  /** How many of the most trending matches are ranked. */
  candidates: number;
  limit: number;
  /** The least likeness of an author whose projects are taken by name. */
  authorLikenessMin: number;
  /** The likeness a name needs to match at all (pg_trgm's word_similarity_threshold). */
  authorLikenessThreshold: number;
  authorsMax: number;
  projectsPerAuthor: number;
  /** A project found by its author's name is as relevant as the likeness times this. */
  authorWeight: number;
};

export type CommentQuery = IndexWords & { candidates: number; limit: number };

export type ProjectAnswer = { ids: number[]; textMatches: number };

/** A write the index hears of, applied in the order heard. */
export type IndexChange =
  | { kind: 'user'; user: IndexedUser }
  | { kind: 'removeUser'; id: string }
  | { kind: 'project'; project: IndexedProject }
  | { kind: 'removeProject'; id: number }
  | { kind: 'comment'; comment: IndexedComment }
  | { kind: 'removeComment'; id: number };
export type IndexCounts = { projects: number; comments: number };
/**
 * Both halves of one search round (no comments for a query without words). With `usedFromMatches`,
 * the round is used only when its words match at least that many projects: one that falls short is
 * searched again, so it answers no ids and no comments, only a textMatches below that many.
 */
export type IndexSearch = { projects: ProjectQuery; comments: CommentQuery | null; usedFromMatches?: number };
export type IndexSearchAnswer = { projects: ProjectAnswer; commentIds: number[] };

/**
 * An index as the instance uses it, in its own thread (SearchIndex) or in a worker thread
 * (WorkerSearchIndex): changes in order, then searches that see them.
 */
export interface SearchBackend {
  apply(change: IndexChange): void;
  /** Sends queued changes on (a worker's), so they do not wait for the next search. */
  flush(): void;
  /** After the load's changes: sorts what the load left out of order; answers how much it holds. */
  finishLoad(): Promise<IndexCounts>;
  search(query: IndexSearch): Promise<IndexSearchAnswer>;
  /** Whether it can answer no more (its thread died): a failed search otherwise is that search's own error. */
  readonly broken: boolean;
  close(): void;
}

/** How long a load sorts word lists before letting other work on its thread run. */
const ORDER_SLICE_MS = 20;

/**
 * PostgreSQL's round(x::numeric, 1) of a float8, times ten: the float's 15 significant digits (its
 * conversion to numeric), then half away from zero.
 */
export function relevanceStep(x: number): number {
  if (!(x > 0)) return 0;
  // Only a value within a hair of a half step can round differently through its 15 digits.
  const tenths = x * 10;
  const part = tenths - Math.floor(tenths);
  if (Math.abs(part - 0.5) > 1e-9 && tenths >= 1e-6) return Math.floor(tenths + 0.5);
  const digits = x.toPrecision(15);
  if (digits.includes('e')) return 0;
  const [whole, fraction = ''] = digits.split('.');
  const first = fraction.charCodeAt(0) - 48 || 0;
  const second = fraction.charCodeAt(1) - 48 || 0;
  return Number(whole) * 10 + first + (second >= 5 ? 1 : 0);
}

/**
 * The postings' order of project candidates (migration 0019) as one number: the trending score's step
 * (quarters of its base-2 logarithm, so a like moves a project only across a step), then the id.
 */
const candidateOrder = (score: number, id: number) => Math.max(Math.floor(score * 4), -1e8) * 2 ** 24 + id;

/** A row to rank: a candidate the words found or a project found by its author's name. */
type Ranked = { slot: number; relevance: number; step: number; textHit: boolean; premium: boolean };

/** A query's words as flags over the lexicon; the words as typed also as the terms ts_rank reads (released after the search). */
type Marked = { query: WordMarks[]; exact: WordMarks[]; likely: WordMarks[] | null; exactTerms: QueryTerm[]; exactBits: TermBits | null };

export class SearchIndex implements SearchBackend {
  /** On the instance's own thread it never dies apart from the instance. */
  readonly broken = false;
  private readonly lexicon = new Lexicon();
  private readonly users = new UserDirectory();
  private readonly projects = new DocumentStore(this.lexicon);
  private readonly comments = new DocumentStore(this.lexicon);

  // Per project slot.
  private trending = new Float64Array(0);
  /** The author's user slot, or -1 while the index has not heard of them. */
  private authorSlot = new Int32Array(0);
  /**
   * Titles as UTF-8 in one array (a million strings would each be an object every collection walks),
   * as paddedWords gives them: what the title's likeness to a query reads.
   */
  private titleBytes = new Uint8Array(0);
  private titleStart = new Int32Array(0);
  private titleLength = new Uint16Array(0);
  private titleByteCount = 0;
  /** titleBytes as a Buffer, to decode a title without a Buffer made for it (made again when titleBytes is replaced). */
  private titleText = Buffer.alloc(0);
  /**
   * Each title's trigramSignature, two words a slot: most candidates' titles are too unlike the query
   * to beat their full text's relevance, and this tells so without the title decoded.
   */
  private titleSignature = new Uint32Array(0);
  /** The title's last place in the document (its words come first). */
  private titleEnd = new Uint16Array(0);

  /** The projects a search has ranked (a candidate may also be its author's). */
  private readonly ranked = new Visits();

  // Per comment slot.
  private writerSlot = new Int32Array(0);
  private commentProject = new Int32Array(0);
  private createdAt = new Float64Array(0);

  /** Rows whose user the index has not heard of yet (a user and their first project written together). */
  private readonly awaiting = new Map<string, { projects: number[]; comments: number[] }>();

  apply(change: IndexChange): void {
    if (change.kind === 'user') this.setUser(change.user);
    else if (change.kind === 'removeUser') this.removeUser(change.id);
    else if (change.kind === 'project') this.setProject(change.project);
    else if (change.kind === 'removeProject') this.removeProject(change.id);
    else if (change.kind === 'comment') this.setComment(change.comment);
    else this.removeComment(change.id);
  }

  flush(): void {}

  async finishLoad(): Promise<IndexCounts> {
    // In slices, so that requests go on meanwhile.
    while (!this.orderPostings(performance.now() + ORDER_SLICE_MS)) await new Promise((resolve) => setImmediate(resolve));
    return this.counts;
  }

  async search(query: IndexSearch): Promise<IndexSearchAnswer> {
    return this.searchNow(query);
  }

  searchNow(query: IndexSearch): IndexSearchAnswer {
    const projects = this.searchProjects(query.projects, query.usedFromMatches);
    const comments = query.comments && projects.textMatches >= (query.usedFromMatches ?? 0) ? this.searchComments(query.comments) : [];
    return { projects, commentIds: comments };
  }

  close(): void {}

  /**
   * Sorts the word lists the load filled out of order, until `deadline` (performance.now()); answers
   * whether both stores are done. Searches are right before it is done, only slower.
   */
  orderPostings(deadline: number): boolean {
    if (!(this.projects.orderPostings(deadline) && this.comments.orderPostings(deadline))) return false;
    // Loaded: the room the arrays' growth left is given back.
    const [projects, comments] = [this.projects.slotCount, this.comments.slotCount];
    this.trending = trimmed(this.trending, projects);
    this.authorSlot = trimmed(this.authorSlot, projects);
    this.titleStart = trimmed(this.titleStart, projects);
    this.titleLength = trimmed(this.titleLength, projects);
    this.titleEnd = trimmed(this.titleEnd, projects);
    this.titleSignature = trimmed(this.titleSignature, 2 * projects);
    this.titleBytes = trimmed(this.titleBytes, this.titleByteCount);
    this.writerSlot = trimmed(this.writerSlot, comments);
    this.commentProject = trimmed(this.commentProject, comments);
    this.createdAt = trimmed(this.createdAt, comments);
    return true;
  }

  get counts(): IndexCounts {
    return { projects: this.projects.size, comments: this.comments.size };
  }

  setUser(user: IndexedUser): void {
    const { entry, isNew } = this.users.set(user);
    if (!isNew) return;
    const waiting = this.awaiting.get(user.id);
    if (!waiting) return;
    for (const slot of waiting.projects) {
      this.authorSlot[slot] = entry.slot;
      entry.projects.push(slot);
    }
    for (const slot of waiting.comments) this.writerSlot[slot] = entry.slot;
    this.awaiting.delete(user.id);
  }

  removeUser(id: string): void {
    this.users.remove(id);
  }

  private userSlotFor(userId: string, slot: number, kind: 'projects' | 'comments'): UserEntry | undefined {
    const user = this.users.get(userId);
    if (!user) {
      const waiting = this.awaiting.get(userId) ?? { projects: [], comments: [] };
      waiting[kind].push(slot);
      this.awaiting.set(userId, waiting);
    }
    return user;
  }

  setProject(p: IndexedProject): void {
    const trending = p.trendingScore ?? -Infinity;
    const { slot, isNew } = this.projects.set(p.id, p.document, candidateOrder(trending, p.id));
    const n = this.projects.slotCount;
    if (isNew) {
      this.trending = grown(this.trending, n, (k) => new Float64Array(k));
      this.authorSlot = grown(this.authorSlot, n, (k) => new Int32Array(k));
      this.titleStart = grown(this.titleStart, n, (k) => new Int32Array(k));
      this.titleLength = grown(this.titleLength, n, (k) => new Uint16Array(k));
      this.titleEnd = grown(this.titleEnd, n, (k) => new Uint16Array(k));
      this.titleSignature = grown(this.titleSignature, 2 * n, (k) => new Uint32Array(k));
    }
    this.trending[slot] = trending;
    this.titleEnd[slot] = p.titleEnd;
    this.setTitle(slot, p.title);
    const owner = this.userSlotFor(p.authorId, slot, 'projects');
    if (!owner) this.authorSlot[slot] = -1;
    else if (isNew || this.authorSlot[slot] !== owner.slot) {
      this.authorSlot[slot] = owner.slot;
      owner.projects.push(slot);
    }
  }

  removeProject(id: number): void {
    this.projects.remove(id);
  }

  setComment(c: IndexedComment): void {
    const { slot, isNew } = this.comments.set(c.id, c.document, c.id);
    if (isNew) {
      const n = this.comments.slotCount;
      this.writerSlot = grown(this.writerSlot, n, (k) => new Int32Array(k));
      this.commentProject = grown(this.commentProject, n, (k) => new Int32Array(k));
      this.createdAt = grown(this.createdAt, n, (k) => new Float64Array(k));
    }
    this.writerSlot[slot] = this.userSlotFor(c.userId, slot, 'comments')?.slot ?? -1;
    this.commentProject[slot] = c.projectId;
    this.createdAt[slot] = c.createdAtMicros;
  }

  removeComment(id: number): void {
    this.comments.remove(id);
  }

  private setTitle(slot: number, title: string): void {
    const padded = paddedWords(title);
    if (this.titleOf(slot) === padded) return;
    const signature = trigramSignature(padded);
    this.titleSignature[2 * slot] = signature.low;
    this.titleSignature[2 * slot + 1] = signature.high;
    const bytes = Buffer.from(padded);
    this.titleBytes = grown(this.titleBytes, this.titleByteCount + bytes.length, (k) => new Uint8Array(k));
    this.titleBytes.set(bytes, this.titleByteCount);
    this.titleStart[slot] = this.titleByteCount;
    this.titleLength[slot] = bytes.length;
    this.titleByteCount += bytes.length;
  }

  private titleOf(slot: number): string {
    const bytes = this.titleBytes;
    if (this.titleText.buffer !== bytes.buffer) this.titleText = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const start = this.titleStart[slot]!;
    return this.titleText.toString('utf8', start, start + this.titleLength[slot]!);
  }

  /** The title's likeness to the query, or some value not above `beat` when it cannot exceed it. */
  private titleLikeness(likeness: WordSimilarity, slot: number, beat: number): number {
    if (likeness.cannotBeat(this.titleSignature[2 * slot]!, this.titleSignature[2 * slot + 1]!, beat)) return 0;
    return likeness.ofPadded(this.titleOf(slot), beat);
  }

  /** The query's words as flags: a word whose spellings all are stop words is left out, as tsquery leaves it out. */
  private mark(store: DocumentStore, q: IndexWords): Marked {
    const termsOf = (spellings: readonly string[]): QueryTerm[] =>
      spellings.flatMap((s) => q.stems.get(s) ?? []).map((lexeme) => ({ lexeme, prefix: true }));
    const said = (terms: QueryTerm[][]) => terms.filter((t) => t.length > 0);
    const exactTerms = said(q.words.map((w) => termsOf(w.slice(0, 1))));
    const exact = exactTerms.map((terms) => store.marksOf(terms));
    const flat = exactTerms.flat();
    return {
      query: q.likely ? said(q.words.map(termsOf)).map((terms) => store.marksOf(terms)) : exact,
      exact,
      likely: q.likely ? said(q.likely.map(termsOf)).map((terms) => store.marksOf(terms)) : null,
      exactTerms: flat,
      exactBits: store.markTerms(flat),
    };
  }

  /** Ranks with the query's words marked in the store, then gives back the terms' bits for the next search. */
  private withMarks<T>(store: DocumentStore, q: IndexWords, rank: (marked: Marked) => T): T {
    const marked = this.mark(store, q);
    try {
      return rank(marked);
    } finally {
      store.releaseTerms(marked.exactBits);
    }
  }

  /** Full text's part of a hit's relevance: 0.5 to 1 for the words as typed (their rank), 0.4 through a typo's spelling only. */
  private fullTextRelevance(store: DocumentStore, slot: number, marked: Marked): number {
    // Rows ranked here match the query's words; outside a typo round those are the words as typed.
    const typedWordsKnown = marked.exact === marked.query && marked.exact.length > 0;
    if (!typedWordsKnown && !store.hasAll(slot, marked.exact)) return 0.4;
    const terms = marked.exactTerms;
    return 0.5 + 0.5 * tsRank(store.documentOf(slot, marked.exactBits), terms, { all: terms.length > 1, normalization: RANK_BY_RANK_PLUS_ONE });
  }

  /**
   * The project half of a search: the page's ids, best first, and how many of the ranked rows the words
   * found. With `usedFromMatches`, a round whose words match fewer projects stops at their count.
   */
  searchProjects(q: ProjectQuery, usedFromMatches?: number, now = new Date()): ProjectAnswer {
    return this.withMarks(this.projects, q, (marked) => this.rankProjects(q, marked, usedFromMatches, now));
  }

  private rankProjects(q: ProjectQuery, marked: Marked, usedFromMatches: number | undefined, now: Date): ProjectAnswer {
    const store = this.projects;
    const textHit = (slot: number) => store.hasAll(slot, marked.query);
    const candidates = store.bestMatches(marked.query, q.candidates);
    // Fewer candidates than asked for are every match (an author's project the words find is one of
    // them), so the rows the words find can be no more: the round falls short whatever its authors.
    if (usedFromMatches !== undefined && candidates.length < Math.min(usedFromMatches, q.candidates)) return { ids: [], textMatches: candidates.length };

    const likeness = new WordSimilarity(q.text);
    const least = Math.max(q.authorLikenessThreshold, Math.fround(q.authorLikenessMin));
    const authors = this.users.alike(likeness, least, q.authorsMax);
    const likenessOf = new Map(authors.map((a) => [a.user.slot, a.likeness]));

    const rows: Ranked[] = [];
    const seen = this.ranked;
    seen.fit(store.slotCount);
    seen.start();
    const rank = (slot: number, hit: boolean) => {
      const user = this.users.at(this.authorSlot[slot]!);
      if (!user || user.isHidden || !seen.first(slot)) return;
      const byName = q.authorWeight * (likenessOf.get(user.slot) ?? 0);
      let relevance = byName;
      if (hit) {
        const title = marked.likely ? (store.hasAll(slot, marked.likely, this.titleEnd[slot]) ? 0.7 : store.hasAll(slot, marked.query, this.titleEnd[slot]) ? 0.6 : 0) : 0;
        const others = Math.max(byName, this.fullTextRelevance(store, slot, marked), title);
        relevance = Math.max(this.titleLikeness(likeness, slot, others), others);
      }
      rows.push({ slot, relevance, step: relevanceStep(relevance), textHit: hit, premium: isPremiumNow(user, now) });
    };
    for (const slot of candidates) rank(slot, true);
    for (const { slot, hit } of this.authorsProjects(authors, q, textHit, now)) rank(slot, hit);

    const ranked = rows.sort(
      (a, b) => b.step - a.step || Number(b.premium) - Number(a.premium) || b.relevance - a.relevance || this.trendingOrder(a.slot, b.slot),
    );
    return {
      ids: ranked.slice(0, q.limit).map((r) => store.idOf(r.slot)),
      textMatches: ranked.filter((r) => r.textHit).length,
    };
  }

  /**
   * The comment half: the newest matches, best first (relevance, then newest); those by suspended
   * people or on their projects are left out. Answers ids.
   */
  searchComments(q: CommentQuery): number[] {
    return this.withMarks(this.comments, q, (marked) => this.rankComments(q, marked));
  }

  private rankComments(q: CommentQuery, marked: Marked): number[] {
    const store = this.comments;
    const shown = store.bestMatches(marked.query, q.candidates).filter((slot) => {
      if (!this.users.isVisible(this.writerSlot[slot]!)) return false;
      const project = this.projects.slotOf(this.commentProject[slot]!);
      return project === undefined || this.users.isVisible(this.authorSlot[project]!);
    });
    const ranked = shown.map((slot) => ({ slot, step: relevanceStep(this.fullTextRelevance(store, slot, marked)) }));
    ranked.sort((a, b) => b.step - a.step || this.createdAt[b.slot]! - this.createdAt[a.slot]! || store.idOf(b.slot) - store.idOf(a.slot));
    return ranked.slice(0, q.limit).map((r) => store.idOf(r.slot));
  }

  /** Most trending first, then the greater id. */
  private trendingOrder(a: number, b: number): number {
    const ta = this.trending[a]!;
    const tb = this.trending[b]!;
    return ta !== tb ? (ta < tb ? 1 : -1) : this.projects.idOf(b) - this.projects.idOf(a);
  }

  /**
   * The authors' best projects: each author's most trending few, those the words find and at most a
   * page of the others, in the order a page gives projects found by their author's name (the name's
   * step, premium first, the likeness, then the most trending: only authors tied on all three mix).
   */
  private authorsProjects(
    authors: readonly AlikeUser[],
    q: ProjectQuery,
    textHit: (slot: number) => boolean,
    now: Date,
  ): { slot: number; hit: boolean }[] {
    const found: { slot: number; hit: boolean }[] = [];
    const groups: { slots: number[]; step: number; premium: boolean; likeness: number }[] = [];
    for (const { user, likeness } of authors) {
      const slots: number[] = [];
      for (const slot of this.bestOf(user, q.projectsPerAuthor)) {
        if (textHit(slot)) found.push({ slot, hit: true });
        else slots.push(slot);
      }
      if (slots.length > 0) groups.push({ slots, step: relevanceStep(q.authorWeight * likeness), premium: isPremiumNow(user, now), likeness });
    }
    const byName = (a: (typeof groups)[number], b: (typeof groups)[number]) => b.step - a.step || Number(b.premium) - Number(a.premium) || b.likeness - a.likeness;
    groups.sort(byName);
    let others = 0;
    for (let i = 0; i < groups.length && others < q.limit; ) {
      let j = i + 1;
      while (j < groups.length && byName(groups[i]!, groups[j]!) === 0) j++;
      const slots = j === i + 1 ? groups[i]!.slots : groups.slice(i, j).flatMap((g) => g.slots).sort((a, b) => this.trendingOrder(a, b));
      for (const slot of slots.slice(0, q.limit - others)) found.push({ slot, hit: false });
      others = Math.min(q.limit, others + slots.length);
      i = j;
    }
    return found;
  }

  /** An author's `count` most trending projects (a project listed twice counts once). */
  private bestOf(user: UserEntry, count: number): number[] {
    const slots: number[] = [];
    const { data, length } = user.projects;
    for (let i = 0; i < length; i++) {
      const slot = data[i]!;
      if (this.projects.isAlive(slot) && this.authorSlot[slot] === user.slot) slots.push(slot);
    }
    slots.sort((a, b) => this.trendingOrder(a, b));
    const best: number[] = [];
    for (const slot of slots) {
      if (best.length === count) break;
      if (best[best.length - 1] !== slot) best.push(slot);
    }
    return best;
  }
}
