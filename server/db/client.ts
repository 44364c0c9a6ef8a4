import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgliteConnection } from './pglite-connection';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type repositories see; PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repository call can run on the database or inside a transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Settings of every connection, set once when it opens instead of per request: search's trigram
 * thresholds (the `%` and `%>` operators, see SEARCH_THRESHOLDS in modules/discovery) and no parallel
 * workers (the API's reads are small and many; starting workers costs more than it saves), and the
 * random page cost of solid-state storage (the default 4 assumes spinning disks and talks the planner
 * out of the full-text GIN indexes).
 */
export const CONNECTION_SETTINGS = {
  'pg_trgm.similarity_threshold': '0.3',
  'pg_trgm.word_similarity_threshold': '0.3',
  max_parallel_workers_per_gather: '0',
  // Compiling a plan costs ~30 ms; the planner starts at a cost of 100,000, which search's plans reach at
  // 1M projects through branches that never run. The API's answers are short: nothing gains from it.
  jit: 'off',
  random_page_cost: '1.1',
} as const;

/**
 * Connections an instance opens to PostgreSQL unless told (DATABASE_POOL_SIZE): node-postgres's 10.
 * Fewer cost PostgreSQL less CPU for the same statements when it shares the instance's machine (on 2
 * cores, a search's statements 1.15 ms of its CPU one at a time, 3.5 with ten at once), but with 3 a
 * busy instance's mix of reads and writes was slower in the full bench (8.1% of bare Express against
 * 9.6% with 10): the size is the operator's to fit to the database server.
 */
export const DEFAULT_POOL_SIZE = 10;

/** `DATABASE_URL` selects PostgreSQL; otherwise PGlite stores its files in `<dataDir>/db` (or memory). */
export function openDatabase(opts: { databaseUrl?: string; dataDir?: string | 'memory'; poolSize?: number }): Database {
  if (opts.databaseUrl) {
    const options = Object.entries(CONNECTION_SETTINGS)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' ');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? DEFAULT_POOL_SIZE, options });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory') {
    dataPath = join(resolve(opts.dataDir), 'db');
    mkdirSync(dataPath, { recursive: true });
  }
  return pgliteDatabase(new PGlite({ dataDir: dataPath, extensions: PGLITE_EXTENSIONS }));
}

/** The extensions every embedded database loads (search's trigram operators). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The Database over an open PGlite (in memory, in a folder, or started from a dumped image). */
export function pgliteDatabase(client: PGlite): Database {
  // One connection: session settings hold for every later query (PGlite runs them in order).
  const settled = client.exec(Object.entries(CONNECTION_SETTINGS).map(([k, v]) => `SET ${k} = ${v};`).join('\n'));
  settled.catch(() => undefined);
  // node-postgres over the wire protocol, as on a server: named statements stay prepared in PGlite's
  // one backend (its query() parses and plans every call again), and rows are typed by the same driver
  // on both databases. One client: a transaction holds it, other queries wait for it.
  const connection = new PgliteConnection(client);
  const pool = new pg.Pool({ connection, max: 1, idleTimeoutMillis: 0 } as pg.PoolConfig);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await settled;
      await migratePg(drizzlePg(pool), { migrationsFolder });
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await pool.end();
      await client.close();
    },
  };
}
