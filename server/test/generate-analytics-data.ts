// Bulk analytics counters for the benchmarks: a premium creator with 100 projects, each with 90 days of
// daily counters, among one project in ten of the whole database with 90 days of counters too.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export const ANALYTICS_CREATOR_PROJECTS = 100;
export const ANALYTICS_DAYS = 90;

/** Makes `creatorId` a premium creator of the newest 100 projects and fills the daily counters. */
export async function generateAnalyticsData(db: Db, creatorId: string): Promise<void> {
  await db.execute(
    sql`UPDATE projects SET author_id = ${creatorId} WHERE id IN (SELECT id FROM projects ORDER BY id DESC LIMIT ${ANALYTICS_CREATOR_PROJECTS})`,
  );
  await db.execute(sql`UPDATE users SET is_premium = true, premium_expires_at = now() + interval '30 days' WHERE id = ${creatorId}`);
  await db.execute(sql`
    INSERT INTO project_daily_stats (project_id, day, views, reactions, saves, comments, shares, ratings, rating_sum)
    SELECT p.id, (now() AT TIME ZONE 'UTC')::date - d, 1 + (p.id + d) % 40, (p.id + d) % 7, (p.id + d) % 5, (p.id + d) % 3, (p.id + d) % 2, d % 2, (d % 2) * 4
    FROM projects p CROSS JOIN generate_series(0, ${ANALYTICS_DAYS - 1}) d
    WHERE p.id % 10 = 0 OR p.author_id = ${creatorId}
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE project_daily_stats`);
}
