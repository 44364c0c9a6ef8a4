import { describe, expect, it } from 'vitest';
import { SearchResultCache, searchCacheKey, searchPageKey } from './search-cache';

describe('SearchResultCache', () => {
  it('when a query is read again within the TTL, then the stored answer is served; after it, loaded again', async () => {
    let now = 1_000;
    const cache = new SearchResultCache<string>({ ttlMs: 10_000, now: () => now });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await cache.read('React', load)).toBe('answer 1');
    expect(await cache.read('  react  ', load)).toBe('answer 1');
    now += 9_999;
    expect(await cache.read('react', load)).toBe('answer 1');
    now += 1;
    expect(await cache.read('react', load)).toBe('answer 2');
  });

  it('when more queries than the bound are stored, then the oldest are dropped', async () => {
    const cache = new SearchResultCache<string>({ maxEntries: 2 });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    await cache.read('a', load);
    await cache.read('b', load);
    await cache.read('c', load);
    expect(cache.size).toBe(2);
    expect(await cache.read('a', load)).toBe('answer 4');
  });

  it('when the same query misses concurrently, then one load answers both', async () => {
    const cache = new SearchResultCache<string>();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return 'answer';
    };
    expect(await Promise.all([cache.read('q', load), cache.read('Q', load)])).toEqual(['answer', 'answer']);
    expect(loads).toBe(1);
  });

  it('when cleared while a load runs, then that load answers but is not stored', async () => {
    const cache = new SearchResultCache<string>();
    let release!: () => void;
    const slow = cache.read('q', () => new Promise<string>((r) => (release = () => r('old'))));
    cache.clear();
    release();
    expect(await slow).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.read('q', async () => 'new')).toBe('new');
  });

  it("when a project's counters move, then only the answers showing it are dropped, and a load under way showing it is not stored", async () => {
    const cache = new SearchResultCache<{ answer: string; ids: number[] }>();
    let loads = 0;
    const read = (q: string, ids: number[]) => cache.read(q, async () => ({ answer: `${q} ${++loads}`, ids }), (v) => v.ids);
    expect((await read('react', [1, 2])).answer).toBe('react 1');
    expect((await read('vue', [3])).answer).toBe('vue 2');
    cache.dropShowing(2);
    expect((await read('react', [1, 2])).answer).toBe('react 3');
    expect((await read('vue', [3])).answer).toBe('vue 2');

    let release!: () => void;
    const slow = cache.read('svelte', () => new Promise((r) => (release = () => r({ answer: 'old', ids: [4] }))), (v) => v.ids);
    const other = cache.read('solid', () => new Promise((r) => setTimeout(() => r({ answer: 'kept', ids: [5] }), 5)), (v) => v.ids);
    cache.dropShowing(4);
    release();
    expect((await slow).answer).toBe('old');
    expect((await other).answer).toBe('kept');
    expect((await read('svelte', [4])).answer).toBe('svelte 4');
    expect((await read('solid', [5])).answer).toBe('kept');
  });

  it('when a full cache of answers sharing many projects hears of likes, then exactly the answers showing each project are dropped', async () => {
    const cache = new SearchResultCache<number[]>();
    let seed = 39;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    // 500 answers of 70 projects out of 3,000: each project is on about a dozen answers.
    const shown = new Map<string, number[]>();
    for (let i = 0; i < 500; i++) {
      const ids = Array.from({ length: 70 }, () => 1 + random(3_000));
      shown.set(`q${i}`, ids);
      await cache.read(`q${i}`, async () => ids, (v) => v);
    }
    const liked = Array.from({ length: 40 }, () => 1 + random(3_000));
    for (const id of liked) cache.dropShowing(id);
    const kept = [...shown].filter(([, ids]) => !ids.some((id) => liked.includes(id))).map(([q]) => q);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept.length).toBeLessThan(400);
    expect(cache.size).toBe(kept.length);
    const reloaded: string[] = [];
    for (const q of shown.keys()) await cache.read(q, async () => (reloaded.push(q), []));
    expect(reloaded).toEqual([...shown.keys()].filter((q) => !kept.includes(q)));

    // Slots freed by drops and evictions take new answers, and a drop still finds them.
    await cache.read('late', async () => [4_000], (v) => v);
    cache.dropShowing(4_000);
    expect(await cache.read('late', async () => [1])).toEqual([1]);
  });

  it('keys: trimmed, lower-cased, white space runs as one', () => {
    expect(searchCacheKey('  React \n\t Dashboard ')).toBe('react dashboard');
  });

  it('pages: each page of a query is its own answer, and no query is read as another page', () => {
    const keys = [
      searchPageKey({ q: 'React', offset: 0 }),
      searchPageKey({ q: 'react', offset: 20, only: 'projects' }),
      searchPageKey({ q: 'react', offset: 20, only: 'comments' }),
      searchPageKey({ q: 'projects:20 react', offset: 0 }),
      searchPageKey({ q: 'react', offset: 0, only: 'projects' }),
    ].map(searchCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(searchCacheKey(searchPageKey({ q: 'React  Hooks', offset: 0 }))).toBe(searchCacheKey(searchPageKey({ q: 'react hooks', offset: 0 })));
  });
});
