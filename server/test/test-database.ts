import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';

/** The server the PostgreSQL tests create their throwaway databases on. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { database: Database; url: string | null; drop(): Promise<void> };

/**
 * A fresh, empty database per test file: in-memory PGlite, or a new PostgreSQL database that is
 * dropped afterwards (TEST_DB=postgres). A missing PostgreSQL server fails the tests, never skips them.
 */
export async function createTestDatabase(kind = process.env.TEST_DB ?? 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = openDatabase({ dataDir: 'memory' });
    return { database, url: null, drop: () => database.close() };
  }
  const name = `bb_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`PostgreSQL is required for TEST_DB=postgres at ${TEST_POSTGRES_URL}: ${String(err)}`, { cause: err });
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.href });
  return {
    database,
    url: url.href,
    drop: async () => {
      await database.close().catch(() => undefined);
      const c = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await c.connect();
      // pg-pool's end() resolves before its connections are gone; let them close before the drop
      // (FORCE would otherwise kill them and they would report an error).
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
