import type { TSearchQuery } from '@shared/schemas/discovery';
import { ShowsFilter } from './shows-filter';

/**
 * Search answers shared by every member for a short time. A search's answer does not depend on who
 * asks (searchContent reads only the query), so repeated and popular queries are served from memory
 * instead of running the full-text, trigram and ranking queries again.
 *
 * - Keyed by the normalised query (searchCacheKey); at most `maxEntries` answers, the oldest dropped first.
 * - An answer is served for at most `ttlMs` (SEARCH_CACHE_TTL_MS): the staleness bound of a write
 *   nothing told this cache about (another instance's write, a lost message).
 * - clear() drops everything, dropShowing(id) the answers showing one project (its counters moved);
 *   a load that started before either is answered but not stored, and concurrent misses of one query
 *   share one load.
 */
export const SEARCH_CACHE_TTL_MS = 10_000;
export const SEARCH_CACHE_MAX_ENTRIES = 500;

/** The part of a query that decides its answer: trimmed, lower-cased (search lower-cases too), runs of white space as one. */
export function searchCacheKey(q: string): string {
  return q.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** A page's key: its section and offset as one word, then the query (so no query's key is another page's). */
export function searchPageKey(query: Pick<TSearchQuery, 'q' | 'offset' | 'only'>): string {
  return `${query.only ?? 'all'}:${query.offset} ${query.q}`;
}

export class SearchResultCache<T> {
  private entries = new Map<string, { value: T; expires: number; shows: ReadonlySet<number>; slot: number }>();
  /** Each stored answer's slot in `filter`, and the key in each slot. */
  private readonly filter: ShowsFilter;
  private readonly keyAt: (string | undefined)[];
  private readonly freeSlots: number[];
  /** Loads under way, with the projects whose counters moved while each ran. */
  private loading = new Map<string, { promise: Promise<T>; moved: Set<number> }>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.ttlMs = opts.ttlMs ?? SEARCH_CACHE_TTL_MS;
    this.maxEntries = opts.maxEntries ?? SEARCH_CACHE_MAX_ENTRIES;
    this.now = opts.now ?? Date.now;
    this.filter = new ShowsFilter(this.maxEntries);
    this.keyAt = new Array<string | undefined>(this.maxEntries);
    this.freeSlots = Array.from({ length: this.maxEntries }, (_, i) => this.maxEntries - 1 - i);
  }

  /** The answer for the query: from memory while younger than the TTL, else from load(); `shows` names the projects it lists. */
  read(q: string, load: () => Promise<T>, shows: (value: T) => Iterable<number> = () => []): Promise<T> {
    const key = searchCacheKey(q);
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return Promise.resolve(hit.value);
    if (hit) this.remove(key);
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const generation = this.generation;
    const moved = new Set<number>();
    const promise = load()
      .then((value) => {
        const listed = new Set(shows(value));
        // What it read may predate a clear(), or a counter of a project it shows.
        if (generation === this.generation && ![...moved].some((id) => listed.has(id))) {
          this.remove(key);
          while (this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value!);
          const slot = this.freeSlots.pop()!;
          this.filter.set(slot, listed);
          this.keyAt[slot] = key;
          this.entries.set(key, { value, expires: this.now() + this.ttlMs, shows: listed, slot });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
      });
    this.loading.set(key, { promise, moved });
    return promise;
  }

  /** Drops every answer (a write changed what some search may show). */
  clear(): void {
    this.generation++;
    for (const key of [...this.entries.keys()]) this.remove(key);
    this.loading.clear();
  }

  /**
   * Drops the answers showing a project, as a like or a comment on it leaves every other answer as it
   * was. A scan of the answers' bits (ShowsFilter); the few answers they name are checked by their sets.
   */
  dropShowing(projectId: number): void {
    for (const load of this.loading.values()) load.moved.add(projectId);
    for (const slot of this.filter.slotsMaybeShowing(projectId)) {
      const key = this.keyAt[slot]!;
      if (this.entries.get(key)!.shows.has(projectId)) this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.filter.clear(entry.slot);
    this.keyAt[entry.slot] = undefined;
    this.freeSlots.push(entry.slot);
  }

  get size(): number {
    return this.entries.size;
  }
}
