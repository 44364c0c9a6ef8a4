import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Recomputes every denormalised counter from the rows it counts. Writes keep counters exact with
 * atomic increments; this repairs them after bulk loads (demo data, imports).
 */
export async function recountAll(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    UPDATE projects p SET
      reaction_count = (SELECT count(*) FROM reactions r WHERE r.project_id = p.id),
      comment_count = (SELECT count(*) FROM comments c WHERE c.project_id = p.id),
      save_count = (SELECT count(*) FROM saves s WHERE s.project_id = p.id),
      share_count = (SELECT count(*) FROM shares s WHERE s.project_id = p.id),
      rating_count = (SELECT count(*) FROM ratings r WHERE r.project_id = p.id),
      rating_sum = (SELECT coalesce(sum(r.rating), 0) FROM ratings r WHERE r.project_id = p.id)`);
  await db.execute(sql`
    UPDATE users u SET
      follower_count = (SELECT count(*) FROM follows f WHERE f.following_id = u.id),
      following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`);
}
