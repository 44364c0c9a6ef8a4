import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../seed/developer-corpus';
import { DocumentStore } from './document-store';
import { Lexicon } from './lexicon';

// Words with shared beginnings, so prefixes mark several lexemes; the first few are in most documents.
const WORDS = ['app', 'apple', 'applet', 'build', 'builder', 'data', 'database', 'react', 'reactive', 'rust', 'go', 'gopher', 'parse', 'parser', 'test', 'tester', 'web', 'webpack', 'zig', 'zebra'];
const QUERIES = [['app'], ['build'], ['re'], ['zig'], ['app', 'build'], ['data', 're'], ['go', 'zebra'], ['pars', 'test', 'web'], ['a', 'b']];

type Row = { words: string[]; order: number };

/** What bestMatches must answer: every live row with all the words, the greatest orders first (as a set). */
function expected(rows: ReadonlyMap<number, Row>, query: readonly string[], max: number): number[] {
  return [...rows]
    .filter(([, row]) => query.every((prefix) => row.words.some((w) => w.startsWith(prefix))))
    .sort((a, b) => b[1].order - a[1].order)
    .slice(0, max)
    .map(([id]) => id)
    .sort((a, b) => a - b);
}

describe('DocumentStore.bestMatches', () => {
  it('when rows are added, rescored, edited and removed before and after their lists are ordered, then it answers the best matching rows of a full scan', () => {
    const random = seededRandom(7);
    const store = new DocumentStore(new Lexicon());
    const rows = new Map<number, Row>();
    let nextId = 1;
    const documentOf = () => {
      // Common words weigh more, so some lists are long and some pairs seldom meet.
      const words = new Set<string>();
      const count = 1 + Math.floor(random() * 5);
      while (words.size < count) words.add(WORDS[Math.floor(random() ** 2 * WORDS.length)]!);
      return [...words];
    };
    // Orders are distinct, as the index's are (the id is part of them).
    const orderFor = (id: number) => Math.floor(random() * 50) * 100_000 + id;
    const write = (id: number, words: string[], order: number) => {
      rows.set(id, { words, order });
      store.set(id, words.map((w, i) => `'${w}':${i + 1}`).join(' '), order);
    };
    const check = (when: string) => {
      for (const query of QUERIES)
        for (const max of [1, 7, 40]) {
          const marks = query.map((prefix) => store.marksOf([{ lexeme: prefix, prefix: true }]));
          const found = store.bestMatches(marks, max).map((slot) => store.idOf(slot));
          expect({ when, query, max, found: found.sort((a, b) => a - b) }).toEqual({ when, query, max, found: expected(rows, query, max) });
        }
    };
    const change = () => {
      const r = random();
      const ids = [...rows.keys()];
      const id = ids[Math.floor(random() * ids.length)]!;
      if (r < 0.3 || ids.length === 0) {
        const fresh = nextId++;
        write(fresh, documentOf(), orderFor(fresh));
      } else if (r < 0.6) write(id, rows.get(id)!.words, orderFor(id));
      else if (r < 0.8) write(id, documentOf(), random() < 0.5 ? rows.get(id)!.order : orderFor(id));
      else {
        rows.delete(id);
        store.remove(id);
      }
    };

    for (let i = 0; i < 300; i++) change();
    check('while filling');
    expect(store.orderPostings(Infinity)).toBe(true);
    check('once ordered');
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 25; i++) change();
      check(`after change round ${round}`);
    }
    expect(store.size).toBe(rows.size);
  });
});
