import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The rows of a raw SQL statement (both drivers answer `{ rows }` to `execute`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Numeric ids as one array parameter (`= ANY(...)`), whatever their count, empty included. */
export function bigintArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::bigint[]`;
}
