import { describe, expect, it } from 'vitest';
import { VersionedReads } from './versioned-reads';

/** A table of rows with versions, counting the full reads. */
function table(rows: Record<string, { version: string; name: string }>) {
  const fullReads: string[][] = [];
  const reads = new VersionedReads<string, { name: string }>({
    max: 2,
    versions: async (keys) => new Map(keys.filter((k) => rows[k]).map((k) => [k, rows[k]!.version])),
    rows: async (keys) => {
      fullReads.push(keys);
      return new Map(keys.filter((k) => rows[k]).map((k) => [k, { version: rows[k]!.version, row: { name: rows[k]!.name } }]));
    },
  });
  return { reads, fullReads };
}

describe('rows read through their versions', () => {
  it('when a row has not changed since it was read, then it is not read in full again; when it changed, it is', async () => {
    const rows = { a: { version: '1', name: 'Ada' }, b: { version: '1', name: 'Bo' } };
    const { reads, fullReads } = table(rows);
    expect(await reads.read(['a', 'b'])).toEqual(new Map([['a', { name: 'Ada' }], ['b', { name: 'Bo' }]]));
    expect(await reads.read(['a', 'b'])).toEqual(new Map([['a', { name: 'Ada' }], ['b', { name: 'Bo' }]]));
    expect(fullReads).toEqual([['a', 'b']]);
    rows.a = { version: '2', name: 'Ada Lovelace' };
    expect((await reads.read(['a', 'b'])).get('a')).toEqual({ name: 'Ada Lovelace' });
    expect(fullReads).toEqual([['a', 'b'], ['a']]);
  });

  it('when a row is gone, then it reads as absent, and a row of the same key written later is read in full', async () => {
    const rows: Record<string, { version: string; name: string }> = { a: { version: '1', name: 'Ada' } };
    const { reads, fullReads } = table(rows);
    await reads.read(['a']);
    delete rows.a;
    expect(await reads.read(['a'])).toEqual(new Map());
    rows.a = { version: '1', name: 'Another Ada' };
    expect((await reads.read(['a'])).get('a')).toEqual({ name: 'Another Ada' });
    expect(fullReads).toEqual([['a'], ['a']]);
  });

  it('when more rows are read than it keeps, then the least recently read is the one read in full again', async () => {
    const rows = { a: { version: '1', name: 'Ada' }, b: { version: '1', name: 'Bo' }, c: { version: '1', name: 'Cy' } };
    const { reads, fullReads } = table(rows);
    await reads.read(['a']);
    await reads.read(['b']);
    await reads.read(['a']);
    await reads.read(['c']);
    await reads.read(['a']);
    await reads.read(['b']);
    expect(fullReads).toEqual([['a'], ['b'], ['c'], ['b']]);
  });
});
