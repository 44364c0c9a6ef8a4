import type { Db } from '../../../db/client';
import type { Logger } from '../../../logger';
import {
  AUTHOR_WEIGHT_VALUE,
  AUTHORS_PER_SEARCH,
  postingsListed,
  PROJECTS_PER_AUTHOR,
  SEARCH_POSTINGS_CANDIDATES,
  SEARCH_THRESHOLDS,
  type SearchTerms,
} from '../discovery.repository';
import { SearchIndex, type IndexSearchAnswer, type IndexWords, type ProjectQuery, type SearchBackend } from './search-index';
import {
  readAllUsers,
  readChangeHorizon,
  readChangesSince,
  readCommentsAfter,
  readProjectsAfter,
  readStems,
} from './search-index.repository';
import { WorkerSearchIndex } from './worker-search-index';

/** Rows read per statement while the index loads. */
const LOAD_BATCH = 20_000;
/** How long search_changes keeps a row; an instance that has not looked for half of it reloads. */
export const SEARCH_CHANGES_KEPT_MS = 10 * 60 * 1000;
/** Looked at even without searches, so that a quiet instance stays within what search_changes keeps. */
const LOOK_EVERY_MS = 60 * 1000;
/** Stemmed spellings remembered (a word's stem never changes). */
const STEMS_KEPT = 50_000;

/**
 * The instance's search index, kept current: loaded in the background at start (searches use SQL
 * until it is ready), then, before each search, brought up to date with every change committed
 * before the search began (search_changes, migration 0023). A change made through any instance, or
 * straight in the database, shows in the next search everywhere.
 */
export class LiveSearchIndex {
  private index: SearchBackend | null = null;
  /** The snapshot of the last look (pg_snapshot as text): what it saw is applied. Set by the load. */
  private horizon = '1:1:';
  private lastLook = 0;
  /** When the last completed look began (performance.now()): it saw every change committed before then. */
  private lookBegan = -Infinity;
  private loading: Promise<void> | null = null;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly stems = new Map<string, readonly string[]>();
  /** Words whose stems the searches waiting for the next look need: that look reads them too. */
  private readonly wordsToStem = new Set<string>();

  /**
   * `thread`: where ranking runs: 'worker', a thread of its own (the instance's requests go on beside
   * it, on another core), or 'main', the instance's own thread.
   */
  constructor(
    private readonly db: Db,
    private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    private readonly options: { thread?: 'main' | 'worker' } = {},
  ) {}

  /** Starts loading and the periodic look. */
  start(): void {
    this.reload();
    this.timer = setInterval(() => {
      if (this.index) this.look().catch((err) => this.logger.warn({ err }, 'search index could not read its changes'));
    }, LOOK_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.replace(null);
  }

  /** Resolves once the index is loaded (tests and benchmarks wait for it). */
  async ready(): Promise<void> {
    while (!this.index && !this.stopped) await (this.loading ?? this.reload());
  }

  /**
   * Both halves of a search through the index: the projects' page and the comments' ids (their rows
   * are read with the page the search keeps). Up to date with every change committed before `since`
   * (performance.now() when the search began: its rounds share one look); `stems`, words' stems the
   * caller read already (to_tsvector('english', word)'s lexemes). With `usedFromMatches`, a round
   * whose words match fewer projects is searched again by the caller: it answers only that it fell
   * short (IndexSearch). Null while it loads (the caller asks SQL).
   */
  async find(
    terms: SearchTerms,
    limit: number,
    authorLikenessMin?: number,
    {
      since = performance.now(),
      usedFromMatches,
      stems,
    }: { since?: number; usedFromMatches?: number; stems?: ReadonlyMap<string, readonly string[]> } = {},
  ): Promise<IndexSearchAnswer | null> {
    if (stems) this.remember(stems);
    const spellings = [...new Set(terms.words.flat())];
    const index = await this.current(since, spellings);
    if (!index) return null;
    const words = await this.wordsOf(terms, spellings);
    try {
      return await index.search({
        projects: this.projectQuery(words, terms, limit, authorLikenessMin),
        comments: terms.words.length === 0 ? null : { ...words, candidates: SEARCH_POSTINGS_CANDIDATES.comments, limit },
        usedFromMatches,
      });
    } catch (err) {
      if (!index.broken) throw err;
      if (this.stopped || this.index !== index) return null;
      this.logger.error({ err }, 'search index failed; search reads PostgreSQL while it loads again');
      this.restart();
      return null;
    }
  }

  private projectQuery(words: IndexWords, terms: SearchTerms, limit: number, authorLikenessMin: number = SEARCH_THRESHOLDS.wordSimilarity): ProjectQuery {
    return {
      ...words,
      text: terms.text,
      candidates: postingsListed(terms),
      limit,
      authorLikenessMin,
      authorLikenessThreshold: SEARCH_THRESHOLDS.wordSimilarity,
      authorsMax: AUTHORS_PER_SEARCH,
      projectsPerAuthor: PROJECTS_PER_AUTHOR,
      authorWeight: AUTHOR_WEIGHT_VALUE,
    };
  }

  /**
   * The index brought up to date with changes committed before `since`, or null while it loads. A
   * look it waits for also reads the stems of `words` it does not know yet.
   */
  private async current(since: number, words: readonly string[]): Promise<SearchBackend | null> {
    if (!this.index) return null;
    if (Date.now() - this.lastLook > SEARCH_CHANGES_KEPT_MS / 2) {
      // Changes it has not read may be gone from search_changes: only a new load is sure.
      this.restart();
      return null;
    }
    if (!(this.lookBegan > since)) {
      for (const w of words) if (!this.stems.has(w)) this.wordsToStem.add(w);
      await this.look();
    }
    return this.index;
  }

  private async wordsOf(terms: SearchTerms, spellings: readonly string[]): Promise<IndexWords> {
    return { words: terms.words, likely: terms.likely, stems: await this.stemsOf(spellings) };
  }

  private remember(stems: ReadonlyMap<string, readonly string[]>): void {
    if (this.stems.size + stems.size > STEMS_KEPT) this.stems.clear();
    for (const [word, lexemes] of stems) this.stems.set(word, lexemes);
  }

  /** The words' stems (only theirs: a worker is sent what a search needs, not everything remembered). */
  private async stemsOf(words: readonly string[]): Promise<ReadonlyMap<string, readonly string[]>> {
    const missing = words.filter((w) => !this.stems.has(w));
    // Read with the look in most searches; here when no look was needed, or for a typo round's spellings.
    const read = missing.length > 0 ? await readStems(this.db, missing) : new Map<string, string[]>();
    this.remember(read);
    return new Map(words.map((w) => [w, read.get(w) ?? this.stems.get(w) ?? []]));
  }

  /** One look at a time; a search that comes while one runs waits for the next, which sees its writes. */
  private look(): Promise<void> {
    if (!this.running) {
      this.running = this.applyChanges().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.look();
      });
    return this.queued;
  }

  private async applyChanges(): Promise<void> {
    const index = this.index;
    if (!index) return;
    const began = performance.now();
    const words = [...this.wordsToStem];
    this.wordsToStem.clear();
    const changes = await readChangesSince(this.db, this.horizon, words);
    this.remember(changes.stems);
    if (changes.reload) {
      this.restart();
      return;
    }
    const { userRows: users, projectRows: projects, commentRows: comments } = changes;
    // Users first: a new project or comment finds its writer.
    for (const user of users) index.apply({ kind: 'user', user });
    const usersFound = new Set(users.map((u) => u.id));
    for (const id of changes.users) if (!usersFound.has(id)) index.apply({ kind: 'removeUser', id });
    for (const project of projects) index.apply({ kind: 'project', project });
    const projectsFound = new Set(projects.map((p) => p.id));
    for (const id of changes.projects) if (!projectsFound.has(id)) index.apply({ kind: 'removeProject', id });
    for (const comment of comments) index.apply({ kind: 'comment', comment });
    const commentsFound = new Set(comments.map((c) => c.id));
    for (const id of changes.comments) if (!commentsFound.has(id)) index.apply({ kind: 'removeComment', id });
    index.flush();
    this.horizon = changes.horizon;
    this.lastLook = Date.now();
    this.lookBegan = began;
  }

  private reload(): Promise<void> {
    this.loading ??= this.load()
      .catch((err) => {
        if (!this.stopped) this.logger.error({ err }, 'search index could not load; search reads PostgreSQL');
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  private async load(): Promise<void> {
    const started = Date.now();
    // Changes from the oldest transaction running now on are read again after the load.
    const horizon = await readChangeHorizon(this.db);
    const index: SearchBackend = this.options.thread === 'worker' ? new WorkerSearchIndex() : new SearchIndex();
    try {
      for (const user of await readAllUsers(this.db)) index.apply({ kind: 'user', user });
      await this.loadAll((after) => readProjectsAfter(this.db, after, LOAD_BATCH), (project) => index.apply({ kind: 'project', project }), index);
      await this.loadAll((after) => readCommentsAfter(this.db, after, LOAD_BATCH), (comment) => index.apply({ kind: 'comment', comment }), index);
      const counts = await index.finishLoad();
      if (this.stopped) {
        index.close();
        return;
      }
      this.replace(index);
      this.horizon = horizon;
      this.lastLook = Date.now();
      await this.look();
      this.logger.info({ ...counts, thread: this.options.thread ?? 'main', ms: Date.now() - started }, 'search index loaded');
    } catch (err) {
      if (this.index !== index) index.close();
      throw err;
    }
  }

  /** Searches read PostgreSQL while a new index loads. */
  private restart(): void {
    this.replace(null);
    this.reload();
  }

  /** The index searches use from now on (null: none, PostgreSQL answers); the one before is let go. */
  private replace(next: SearchBackend | null): void {
    if (this.index && this.index !== next) this.index.close();
    this.index = next;
  }

  /** Reads rows in id order, a batch at a time. */
  private async loadAll<T extends { id: number }>(read: (after: number) => Promise<T[]>, add: (row: T) => void, index: SearchBackend): Promise<void> {
    for (let after = 0; !this.stopped; ) {
      const batch = await read(after);
      if (batch.length === 0) return;
      for (const row of batch) add(row);
      index.flush();
      after = batch[batch.length - 1]!.id;
    }
  }
}
