import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PgliteConnection } from './pglite-connection';

const lite = new PGlite();
const pool = new pg.Pool({ connection: new PgliteConnection(lite), max: 1, idleTimeoutMillis: 0 } as pg.PoolConfig);
afterAll(async () => {
  await pool.end();
  await lite.close();
});

describe('node-postgres over PGlite', () => {
  it('when a parameterised query fails inside the extended protocol, then the error is reported and the next query still runs', async () => {
    await pool.query('CREATE TABLE handles (handle text PRIMARY KEY)');
    await pool.query('INSERT INTO handles VALUES ($1)', ['ada']);
    await expect(pool.query('INSERT INTO handles VALUES ($1)', ['ada'])).rejects.toMatchObject({ code: '23505' });
    await expect(pool.query('SELECT * FROM missing WHERE x = $1', [1])).rejects.toThrow('relation "missing" does not exist');
    expect((await pool.query('SELECT count(*)::int AS n FROM handles WHERE handle = $1', ['ada'])).rows).toEqual([{ n: 1 }]);
  });

  it('when a query fails while others wait for the one client, then the waiting queries still run', async () => {
    // The pool ends a client that saw an error and hands the connection to a new one at once; the
    // old client's end must not take the new client's listeners with it (the third query hung).
    const answers = await Promise.allSettled([
      pool.query('SELECT $1::int AS n', [1]),
      pool.query('SELECT 1 / $1::int AS n', [0]),
      pool.query('SELECT $1::int AS n', [3]),
      pool.query('SELECT $1::int AS n', [4]),
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value.rows[0].n : a.reason.code))).toEqual([1, '22012', 3, 4]);
    // The same without parameters (the simple query protocol).
    const simple = await Promise.allSettled([pool.query('SELECT 1 AS n'), pool.query('SELECT 1 / 0 AS n'), pool.query('SELECT 3 AS n')]);
    expect(simple.map((a) => (a.status === 'fulfilled' ? a.value.rows[0].n : a.reason.code))).toEqual([1, '22012', 3]);
  }, 5_000);

  it('when a named statement runs again, then PGlite keeps it prepared (parsed once) and answers typed rows', async () => {
    const statement = { name: 'handle_count', text: 'SELECT count(*)::int AS n, now() AS at FROM handles WHERE handle <> $1' };
    for (const skip of ['x', 'y', 'z']) {
      const { rows } = await pool.query({ ...statement, values: [skip] });
      expect(rows[0].n).toBe(1);
      expect(rows[0].at).toBeInstanceOf(Date);
    }
    const prepared = await pool.query(`SELECT name FROM pg_prepared_statements WHERE name = 'handle_count'`);
    expect(prepared.rows).toEqual([{ name: 'handle_count' }]);
  });

  it('when a transaction holds the one client, then another query waits for its commit', async () => {
    const tx = await pool.connect();
    await tx.query('BEGIN');
    await tx.query('INSERT INTO handles VALUES ($1)', ['ben']);
    const outside = pool.query('SELECT count(*)::int AS n FROM handles');
    await tx.query('COMMIT');
    tx.release();
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });
});
