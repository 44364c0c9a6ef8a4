import { describe, expect, it } from 'vitest';
import { BatchedRead, IsolatedBatch } from './batch-per-turn';

/** A reader over a fixed table that records the keys of each query it was asked. */
function reader(table: Record<string, number>, maxBatch?: number) {
  const queries: string[][] = [];
  const batched = new BatchedRead<string, number>(async (keys) => {
    queries.push(keys);
    return new Map(keys.filter((k) => k in table).map((k) => [k, table[k]!]));
  }, maxBatch);
  return { batched, queries };
}

describe('BatchedRead', () => {
  it('when keys are read in one turn, then one query reads them all and each reader gets its own row', async () => {
    const { batched, queries } = reader({ a: 1, b: 2, c: 3 });
    const answers = await Promise.all([batched.read('a'), batched.read('c'), batched.read('b'), batched.read('a')]);
    expect(answers).toEqual([1, 3, 2, 1]);
    expect(queries).toEqual([['a', 'c', 'b']]);
  });

  it('when a key has no row, then its reader gets undefined and the others their rows', async () => {
    const { batched } = reader({ a: 1 });
    expect(await Promise.all([batched.read('a'), batched.read('missing')])).toEqual([1, undefined]);
  });

  it('when reads come in later turns, then each turn is a query of its own, read after it was asked', async () => {
    const table: Record<string, number> = { a: 1 };
    const { batched, queries } = reader(table);
    expect(await batched.read('a')).toBe(1);
    table.a = 2;
    expect(await batched.read('a')).toBe(2);
    expect(queries).toEqual([['a'], ['a']]);
  });

  it('when more keys than a batch holds are read, then they are split into several queries', async () => {
    const table = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i]));
    const { batched, queries } = reader(table, 2);
    expect(await Promise.all(Object.keys(table).map((k) => batched.read(k)))).toEqual([0, 1, 2, 3, 4]);
    expect(queries).toEqual([['k0', 'k1'], ['k2', 'k3'], ['k4']]);
  });

  it('when a query fails, then every reader of that batch gets the error and the next batch reads again', async () => {
    let fail = true;
    const batched = new BatchedRead<string, number>(async (keys) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((k) => [k, 7]));
    });
    const results = await Promise.allSettled([batched.read('a'), batched.read('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await batched.read('a')).toBe(7);
  });
});

describe('IsolatedBatch', () => {
  it('when one item makes the shared statement fail, then the batch runs again item by item and only that item fails', async () => {
    const calls: number[][] = [];
    const batch = new IsolatedBatch<number, number>(async (items) => {
      calls.push(items);
      if (items.includes(13)) throw new Error('unlucky');
      return items.map((n) => n * 2);
    });
    const results = await Promise.allSettled([batch.run(1), batch.run(13), batch.run(3)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([2, 'unlucky', 6]);
    expect(calls).toEqual([[1, 13, 3], [1], [13], [3]]);
  });
});
