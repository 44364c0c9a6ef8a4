// What the soaks' comments should have caused, counted from the database once the outbox has drained:
// each comment by another member on a project is one notification for its author.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { rowsOf } from '../server/db/rows';

export type Ledger = { events: number; lost: number; doubled: number; pending: number };

/** Waits (up to drainMs) for the outbox to hand everything over, then matches comments with notifications. */
export async function countCommentNotifications(databaseUrl: string, drainMs = 120_000): Promise<Ledger> {
  const reader = openDatabase({ databaseUrl });
  try {
    let pending = 0;
    for (let waited = 0; waited <= drainMs; waited += 500) {
      const [row] = await rowsOf<{ n: number }>(reader.db, sql`SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL AND failed_at IS NULL`);
      pending = row!.n;
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // Per (author, commenter, project): how many comments were made and how many notifications say so.
    const pairs = await rowsOf<{ made: number; told: number }>(
      reader.db,
      sql`WITH made AS (
            SELECT p.author_id AS recipient, c.user_id AS actor, c.project_id, count(*)::int AS n
            FROM comments c JOIN projects p ON p.id = c.project_id
            WHERE c.user_id <> p.author_id GROUP BY 1, 2, 3),
          told AS (
            SELECT user_id AS recipient, actor_id AS actor, project_id, count(*)::int AS n
            FROM notifications WHERE type = 'comment' GROUP BY 1, 2, 3)
          SELECT coalesce(made.n, 0) AS made, coalesce(told.n, 0) AS told
          FROM made FULL JOIN told USING (recipient, actor, project_id)`,
    );
    const ledger: Ledger = { events: 0, lost: 0, doubled: 0, pending };
    for (const { made, told } of pairs) {
      ledger.events += made;
      ledger.lost += Math.max(0, made - told);
      ledger.doubled += Math.max(0, told - made);
    }
    return ledger;
  } finally {
    await reader.close();
  }
}

export const formatLedger = (l: Ledger) =>
  `comment notifications: events ${l.events}, lost ${l.lost}, doubled ${l.doubled}${l.pending ? `, still queued ${l.pending}` : ''}`;
