import { describe, expect, it } from 'vitest';
import { UserDirectory, type IndexedUser } from './user-directory';
import { WordSimilarity } from './word-similarity';

const FIRST = ['Ada', 'Adam', 'Adalyn', 'Reed', 'Rea', 'Reactor', 'Grace', 'Gray', 'Linus', 'Lin', 'Ken', 'Kent', 'Dana', 'Dan', 'Ola', 'Öla'];
const LAST = ['Lovelace', 'Love', 'Smith', 'Smit', 'Hopper', 'Hop', 'Torvalds', 'Reactive', 'Thompson', 'Ritchie', 'Rich', 'Åberg', 'Berg'];

/** Many names sharing words and fragments, so that likenesses tie and common trigrams have long lists. */
function users(): IndexedUser[] {
  const out: IndexedUser[] = [];
  let n = 0;
  for (const first of FIRST) {
    for (const last of LAST) {
      for (let k = 0; k < 3; k++) {
        const id = `u${String(n++).padStart(5, '0')}`;
        out.push({ id, name: k === 2 ? `${first}${last}` : `${first} ${last}`, isHidden: n % 17 === 0, isPremium: false, premiumExpiresAt: null });
      }
    }
  }
  return out;
}

/** What alike must answer: every visible user measured, those at least `least`, best first, then by id. */
function everyName(all: readonly IndexedUser[], query: string, least: number, max: number) {
  const likeness = new WordSimilarity(query);
  return all
    .filter((u) => !u.isHidden)
    .map((u) => ({ id: u.id, likeness: likeness.of(u.name) }))
    .filter((u) => u.likeness >= least && u.likeness > 0)
    .sort((a, b) => b.likeness - a.likeness || (a.id < b.id ? -1 : 1))
    .slice(0, max);
}

describe('users found by a name like the query', () => {
  it('when names are asked for by words, fragments and typos, then the directory answers the best names a full comparison finds, ties by id, also after renames and removals', () => {
    const all = users();
    const directory = new UserDirectory();
    for (const u of all) directory.set(u);
    // Renamed users keep their old trigrams in the lists; removed ones stay in them too.
    for (let i = 0; i < all.length; i += 23) {
      all[i] = { ...all[i]!, name: `Renamed ${all[i]!.name.split(' ').reverse().join(' ')}` };
      directory.set(all[i]!);
    }
    for (let i = 5; i < all.length; i += 41) {
      directory.remove(all[i]!.id);
      all[i] = { ...all[i]!, isHidden: true };
    }
    const queries = ['ada', 'adam smith', 'reac', 'raect', 'lovelace', 'love', 'hoper', 'torvalds', 'gr', 'kent thompson', 'öla berg', 'aberg', 'renamed', 'rich', 'x', 'zzqq'];
    let compared = 0;
    for (const q of queries) {
      for (const least of [0.3, 0.5, 0.8]) {
        for (const max of [0, 1, 5, 50, 1000]) {
          const found = directory.alike(new WordSimilarity(q), least, max).map((f) => ({ id: f.user.id, likeness: f.likeness }));
          expect(found, `${q} at ${least}, ${max}`).toEqual(everyName(all, q, least, max));
          compared += found.length;
        }
      }
    }
    // The queries find names at every bar (not an empty comparison).
    expect(compared).toBeGreaterThan(2_000);
  });
});
