import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type ActivityKind = 'views' | 'reactions' | 'saves' | 'comments' | 'shares' | 'ratings';

const COLUMNS: Record<ActivityKind, string> = {
  views: 'views',
  reactions: 'reactions',
  saves: 'saves',
  comments: 'comments',
  shares: 'shares',
  ratings: 'ratings',
};

/** rows of a raw query on either driver. */
/**
 * Counts one view, like, save, comment, share or rating for a project's analytics, in today's (UTC)
 * row of project_daily_stats: one upsert, no read. A rating also adds its stars to rating_sum.
 */
export async function recordProjectActivity(db: DbOrTx, projectId: number, kind: ActivityKind, rating = 0): Promise<void> {
  const col = sql.raw(COLUMNS[kind]);
  const stars = kind === 'ratings' ? rating : 0;
  await db.execute(sql`
    INSERT INTO project_daily_stats (project_id, day, ${col}, rating_sum)
    VALUES (${projectId}, (now() AT TIME ZONE 'UTC')::date, 1, ${stars})
    ON CONFLICT (project_id, day) DO UPDATE
      SET ${col} = project_daily_stats.${col} + 1, rating_sum = project_daily_stats.rating_sum + ${stars}`);
}

export type ActivityCounts = {
  views: number;
  reactions: number;
  saves: number;
  comments: number;
  shares: number;
  ratings: number;
  ratingSum: number;
};

const SUMS = sql.raw(`
  coalesce(sum(s.views), 0)::int AS views, coalesce(sum(s.reactions), 0)::int AS reactions,
  coalesce(sum(s.saves), 0)::int AS saves, coalesce(sum(s.comments), 0)::int AS comments,
  coalesce(sum(s.shares), 0)::int AS shares, coalesce(sum(s.ratings), 0)::int AS ratings,
  coalesce(sum(s.rating_sum), 0)::int AS "ratingSum"`);

/** The creator's project ids and titles (projects_author_idx). */
export function authorProjects(db: DbOrTx, authorId: string): Promise<{ id: number; title: string }[]> {
  return rowsOf(db, sql`SELECT id, title FROM projects WHERE author_id = ${authorId}`);
}

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * Activity per day since `fromDay` (YYYY-MM-DD, UTC) summed over these projects. The id list lets the
 * planner read each project's days by the (project_id, day) primary key, whatever the table's size.
 */
export function dailyActivity(db: DbOrTx, projectIds: readonly number[], fromDay: string): Promise<(ActivityCounts & { day: string })[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    sql`
      SELECT to_char(s.day, 'YYYY-MM-DD') AS day, ${SUMS}
      FROM project_daily_stats s
      WHERE s.project_id IN (${idList(projectIds)}) AND s.day >= ${fromDay}::date
      GROUP BY s.day
      ORDER BY s.day`,
  );
}

/** Activity since `fromDay` per project, for the projects that had any. */
export function projectActivity(db: DbOrTx, projectIds: readonly number[], fromDay: string): Promise<(ActivityCounts & { id: number })[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    sql`
      SELECT s.project_id AS id, ${SUMS}
      FROM project_daily_stats s
      WHERE s.project_id IN (${idList(projectIds)}) AND s.day >= ${fromDay}::date
      GROUP BY s.project_id`,
  );
}
