import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A statement of the hot read path, prepared once per database handle: drizzle does not rebuild its
 * SQL on every request, and PostgreSQL parses it once per connection (a named statement). `name`
 * must be unique to the statement's text across the app.
 */
export function prepared<T>(db: DbOrTx, name: string, prepare: (db: DbOrTx, name: string) => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) byName.set(name, (statement = prepare(db, name)));
  return statement;
}

type RawStatement<T> = { execute(values: Record<string, unknown>): Promise<{ rows: T[] }> };
type DrizzleInternals = {
  session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): RawStatement<unknown> };
  dialect: { sqlToQuery(query: SQL): unknown };
};

/**
 * A raw SQL statement (sql.placeholder('x') for its parameters) prepared like `prepared`: for the hot
 * reads drizzle's builder cannot express (CTEs, UNIONs), whose planning costs more than their execution.
 * Uses drizzle's session API, which both drivers implement (db.execute goes the same way, unnamed).
 */
export function preparedSql<T>(db: DbOrTx, name: string, query: () => SQL): (values: Record<string, unknown>) => Promise<T[]> {
  const statement = prepared(db, name, (d) => {
    const { session, dialect } = d as unknown as DrizzleInternals;
    return session.prepareQuery(dialect.sqlToQuery(query()), undefined, name, false) as RawStatement<T>;
  });
  return async (values) => (await statement.execute(values)).rows;
}
