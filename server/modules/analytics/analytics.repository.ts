import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { arrayParam, preparedSql } from '../../db/prepared';

export type ActivityKind = 'views' | 'reactions' | 'saves' | 'comments' | 'shares' | 'ratings';

const COLUMNS: Record<ActivityKind, string> = {
  views: 'views',
  reactions: 'reactions',
  saves: 'saves',
  comments: 'comments',
  shares: 'shares',
  ratings: 'ratings',
};

/**
 * Counts likes, saves, comments, shares or ratings for projects' analytics, in today's (UTC) rows of
 * project_daily_stats: one upsert for the whole batch. A rating also adds its stars to rating_sum.
 * Answers the projects' authors, whose analytics changed.
 */
export async function recordProjectActivity(db: DbOrTx, kind: Exclude<ActivityKind, 'views'>, events: readonly { projectId: number; rating?: number }[]): Promise<string[]> {
  const byProject = new Map<number, { count: number; stars: number }>();
  for (const e of events) {
    const sum = byProject.get(e.projectId) ?? { count: 0, stars: 0 };
    sum.count++;
    sum.stars += kind === 'ratings' ? (e.rating ?? 0) : 0;
    byProject.set(e.projectId, sum);
  }
  if (byProject.size === 0) return [];
  const col = sql.raw(COLUMNS[kind]);
  const authors = await preparedSql<{ authorId: string }>(db, `record_activity_${kind}`, () => sql`
    WITH counted AS (
      INSERT INTO project_daily_stats (project_id, day, ${col}, rating_sum)
      SELECT e.project_id, (now() AT TIME ZONE 'UTC')::date, e.n, e.stars
      FROM unnest(${arrayParam('ids', 'int')}, ${arrayParam('counts', 'int')}, ${arrayParam('stars', 'int')}) AS e(project_id, n, stars)
      ON CONFLICT (project_id, day) DO UPDATE
        SET ${col} = project_daily_stats.${col} + excluded.${col}, rating_sum = project_daily_stats.rating_sum + excluded.rating_sum
      RETURNING project_id
    )
    SELECT DISTINCT p.author_id AS "authorId" FROM counted c JOIN projects p ON p.id = c.project_id`)({
    ids: [...byProject.keys()],
    counts: [...byProject.values()].map((v) => v.count),
    stars: [...byProject.values()].map((v) => v.stars),
  });
  return authors.map((a) => a.authorId);
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
  return preparedSql<{ id: number; title: string }>(db, 'analytics_author_projects', () => sql`
    SELECT id, title FROM projects WHERE author_id = ${sql.placeholder('authorId')}`)({ authorId });
}

/**
 * Activity per day since `fromDay` (YYYY-MM-DD, UTC) summed over these projects. Prepared, the ids one
 * array parameter: the planner reads each project's days by the (project_id, day) primary key, whatever
 * the table's size.
 */
export function dailyActivity(db: DbOrTx, projectIds: readonly number[], fromDay: string): Promise<(ActivityCounts & { day: string })[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return preparedSql<ActivityCounts & { day: string }>(db, 'analytics_daily', () => sql`
    SELECT to_char(s.day, 'YYYY-MM-DD') AS day, ${SUMS}
    FROM project_daily_stats s
    WHERE s.project_id = ANY(${arrayParam('ids', 'int')}) AND s.day >= ${sql.placeholder('from')}::date
    GROUP BY s.day
    ORDER BY s.day`)({ ids: [...projectIds], from: fromDay });
}

/** Activity since `fromDay` per project, for the projects that had any. */
export function projectActivity(db: DbOrTx, projectIds: readonly number[], fromDay: string): Promise<(ActivityCounts & { id: number })[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return preparedSql<ActivityCounts & { id: number }>(db, 'analytics_per_project', () => sql`
    SELECT s.project_id AS id, ${SUMS}
    FROM project_daily_stats s
    WHERE s.project_id = ANY(${arrayParam('ids', 'int')}) AND s.day >= ${sql.placeholder('from')}::date
    GROUP BY s.project_id`)({ ids: [...projectIds], from: fromDay });
}

/** Views since `fromDay` summed per source over these projects (project_view_sources, by its primary key), most first. */
export function viewSources(db: DbOrTx, projectIds: readonly number[], fromDay: string): Promise<{ source: string; views: number }[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return preparedSql<{ source: string; views: number }>(db, 'analytics_view_sources', () => sql`
    SELECT s.source, sum(s.views)::int AS views
    FROM project_view_sources s
    WHERE s.project_id = ANY(${arrayParam('ids', 'int')}) AND s.day >= ${sql.placeholder('from')}::date
    GROUP BY s.source
    ORDER BY views DESC, s.source`)({ ids: [...projectIds], from: fromDay });
}
