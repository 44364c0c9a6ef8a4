import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { rowsOf } from './rows';

/**
 * Autovacuum's own rule (PostgreSQL's defaults): a table is vacuumed once its dead rows pass 50 + 20% of
 * its rows, analyzed once its changes since the last analyze pass 50 + 10%, and frozen before its oldest
 * transaction id is 200 million transactions old.
 */
const VACUUM_RULE = { threshold: 50, scaleFactor: 0.2, analyzeThreshold: 50, analyzeScaleFactor: 0.1, freezeMaxAge: 200_000_000 };

export type TableUpkeep = { table: string; vacuum: boolean; analyze: boolean };

/**
 * The tables of the public schema due for a vacuum or an analyze by autovacuum's rule, from the
 * database's own counters (pg_stat_user_tables).
 */
export async function tablesDue(db: Db): Promise<TableUpkeep[]> {
  const r = VACUUM_RULE;
  return rowsOf<TableUpkeep>(
    db,
    sql`
    SELECT "table", "vacuum", "analyze" FROM (
      SELECT s.relname AS "table", s.n_dead_tup,
             (s.n_dead_tup > ${r.threshold}::int + ${r.scaleFactor}::float8 * s.n_live_tup
              OR age(c.relfrozenxid) > ${r.freezeMaxAge}::int) AS "vacuum",
             s.n_mod_since_analyze > ${r.analyzeThreshold}::int + ${r.analyzeScaleFactor}::float8 * s.n_live_tup AS "analyze"
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
       WHERE s.schemaname = 'public') t
     WHERE "vacuum" OR "analyze"
     ORDER BY n_dead_tup DESC, "table"`,
  );
}

/**
 * Vacuums and analyzes the tables due, one statement per table so other queries run in between (on
 * PGlite a statement holds the event loop). Answers what was done.
 */
export async function vacuumDueTables(db: Db): Promise<TableUpkeep[]> {
  const due = await tablesDue(db);
  for (const t of due) {
    const table = sql.identifier(t.table);
    await db.execute(t.vacuum ? (t.analyze ? sql`VACUUM (ANALYZE) ${table}` : sql`VACUUM ${table}`) : sql`ANALYZE ${table}`);
  }
  return due;
}

/**
 * Whether nothing else cleans this database's tables: PGlite runs a single backend without autovacuum's
 * processes, and a server may have autovacuum switched off. Without upkeep every update (a like, a
 * comment, a view count) leaves a dead row behind for good, in the table and in each of its indexes.
 */
export async function lacksAutovacuum(database: Pick<Database, 'db' | 'kind'>): Promise<boolean> {
  if (database.kind === 'pglite') return true;
  const [row] = await rowsOf<{ setting: string }>(database.db, sql`SELECT current_setting('autovacuum') AS setting`);
  return row?.setting !== 'on';
}
