import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_EXTENSIONS, pgliteDatabase, type Database } from '../db/client';

/** The server the PostgreSQL tests create their throwaway databases on. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = { database: Database; url: string | null; drop(): Promise<void> };

let migratedImage: Promise<Blob> | undefined;

/**
 * A new PGlite spends 3 to 5 s in initdb on a 2-core machine (the migrations 0.5 s), and a test process
 * opens one per file: it opens one, migrates it and keeps its files; every later database starts from a
 * copy of them (under a second). The callers' own migrate() then finds nothing to apply.
 */
function migratedPgliteImage(): Promise<Blob> {
  migratedImage ??= (async () => {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    const database = pgliteDatabase(client);
    await database.migrate();
    const image = await client.dumpDataDir('none');
    await database.close();
    return image;
  })();
  return migratedImage;
}

/**
 * A fresh database per test file, its schema to be migrated by the caller: in-memory PGlite (already
 * migrated, see above), or a new empty PostgreSQL database that is dropped afterwards (TEST_DB=postgres).
 * A missing PostgreSQL server fails the tests, never skips them.
 */
export async function createTestDatabase(kind = process.env.TEST_DB ?? 'pglite'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = pgliteDatabase(new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: await migratedPgliteImage() }));
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
