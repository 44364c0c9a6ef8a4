import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

// Writes keep the denormalised counters exact with atomic increments; these recompute them from the rows
// they count, after bulk loads (demo data, imports) and after deletions that bypass the writes (a user
// deleted with all their content).

const idList = (ids: readonly (number | string)[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The interaction counters of these projects (every project without ids). */
export async function recountProjectCounters(db: DbOrTx, ids?: readonly number[]): Promise<void> {
  if (ids?.length === 0) return;
  const where: SQL = ids ? sql`WHERE p.id IN (${idList(ids)})` : sql``;
  await db.execute(sql`
    UPDATE projects p SET
      reaction_count = (SELECT count(*) FROM reactions r WHERE r.project_id = p.id),
      comment_count = (SELECT count(*) FROM comments c WHERE c.project_id = p.id),
      save_count = (SELECT count(*) FROM saves s WHERE s.project_id = p.id),
      share_count = (SELECT count(*) FROM shares s WHERE s.project_id = p.id),
      rating_count = (SELECT count(*) FROM ratings r WHERE r.project_id = p.id),
      rating_sum = (SELECT coalesce(sum(r.rating), 0) FROM ratings r WHERE r.project_id = p.id)
    ${where}`);
}

/** The follow counters of these users (every user without ids). */
export async function recountFollowCounters(db: DbOrTx, ids?: readonly string[]): Promise<void> {
  if (ids?.length === 0) return;
  const where: SQL = ids ? sql`WHERE u.id IN (${idList(ids)})` : sql``;
  await db.execute(sql`
    UPDATE users u SET
      follower_count = (SELECT count(*) FROM follows f WHERE f.following_id = u.id),
      following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)
    ${where}`);
}

/** Every counter of every project and user. */
export async function recountAll(db: DbOrTx): Promise<void> {
  await recountProjectCounters(db);
  await recountFollowCounters(db);
}
