import { sql, type SQL } from 'drizzle-orm';

/**
 * Date.toISOString of a timestamptz column, as a SQL expression (UTC, milliseconds): for JSON the
 * database writes itself (notifications, project cards).
 */
export function isoSql(column: string): SQL {
  return sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
}
