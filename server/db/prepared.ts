import { Column, is, sql, SQL, Subquery } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { PerHandle } from './per-handle';

const statements = new PerHandle();

/**
 * A statement of the hot read path, prepared once per database handle: drizzle does not rebuild its
 * SQL on every request, and PostgreSQL parses it once per connection (a named statement). `name`
 * must be unique to the statement's text across the app.
 */
export function prepared<T>(db: DbOrTx, name: string, prepare: (db: DbOrTx, name: string) => T): T {
  return statements.get(db, name, () => withFlatRowMapper(prepare(db, name)));
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type SelectedField = { path: string[]; field: unknown };
/** What both drivers' prepared queries hold: the ordered selection, and the mapper their execute() prefers. */
type PreparedInternals = { fields?: SelectedField[]; customResultMapper?: (rows: unknown[][]) => unknown[] };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * drizzle maps every value of every row by walking its selection with class checks, which was a third of
 * a 50-card list's time. For a flat selection (no nested objects, so no left-join nulling) the key and
 * decoder of each position are known when the statement is prepared: map the rows with them.
 */
function withFlatRowMapper<T>(statement: T): T {
  const internals = statement as PreparedInternals;
  if (!internals.fields || internals.customResultMapper || internals.fields.some((f) => f.path.length !== 1)) return statement;
  const keys = internals.fields.map((f) => f.path[0]!);
  const decoders = internals.fields.map((f) => decoderOf(f.field));
  internals.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        out[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return out;
    });
  return statement;
}

/** The element types of the array parameters prepared statements take. */
export type ArrayParamType = 'int' | 'smallint' | 'uuid' | 'text' | 'boolean';

/**
 * An array parameter of a prepared statement (a batch of keys or rows), read through a sub-select. Given
 * the array itself, PostgreSQL plans every call again: its plan for the statement's parameters assumes
 * 10 elements and looks dearer than a plan made for the 1 to 3 of each call, so it never keeps one. Read
 * through a sub-select, every plan assumes the same and the first kept is used from then on (the
 * session-versions read of every signed-in request: 118-136 -> 40-48 µs of PostgreSQL's CPU a call).
 */
export function arrayParam(name: string, type: ArrayParamType): SQL {
  const cast = sql.raw(`${type}[]`);
  return sql`(SELECT ${sql.placeholder(name)}::${cast})::${cast}`;
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
