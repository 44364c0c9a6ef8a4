import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '@shared/constants';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX } from '@shared/schemas/project';
import { rowsOf } from '../db/rows';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';
import { DEMO_CROWD, DEMO_HISTORY_DAYS } from './demo-history';
import { seedDemo, type SeedResult } from './seed-demo';

let t: TestDatabase;
let seeded: SeedResult | null;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.migrate();
  seeded = await seedDemo(t.database.db);
}, 120_000);
afterAll(() => t.drop(), 60_000);

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.database.db, query);

describe('the demo community on first start', () => {
  it('when it is loaded, then the printed accounts are the hand-written ones and the crowd cannot sign in', async () => {
    expect(seeded?.loadedNow).toBe(true);
    expect(seeded?.password).toBe(DEMO_PASSWORD);
    expect(seeded?.accounts.map((a) => a.email)).toEqual(DEMO_USERS.map((u) => u.email));
    const [counts] = await rows<{ members: number; withPassword: number }>(
      sql`SELECT count(*)::int AS members, count(password_hash)::int AS "withPassword" FROM users`,
    );
    expect(counts).toEqual({ members: DEMO_USERS.length + DEMO_CROWD.members, withPassword: DEMO_USERS.length });
  });

  it(`when it is loaded, then likes and comments are spread over the last ${DEMO_HISTORY_DAYS} days, none older or in the future`, async () => {
    const [span] = await rows<{ days: number; oldest: number; newest: number }>(sql`
      SELECT count(DISTINCT created_at::date)::int AS days,
        extract(epoch FROM now() - min(created_at))::float8 / 86400 AS oldest,
        extract(epoch FROM max(created_at) - now())::float8 AS newest
      FROM (SELECT created_at FROM reactions UNION ALL SELECT created_at FROM comments) x`);
    expect(span!.days).toBeGreaterThanOrEqual(45);
    expect(span!.oldest).toBeLessThanOrEqual(DEMO_HISTORY_DAYS);
    expect(span!.oldest).toBeGreaterThan(DEMO_HISTORY_DAYS / 2);
    expect(span!.newest).toBeLessThanOrEqual(1);
  });

  it('when it is loaded, then the daily counters Analytics reads match the likes, saves and comments, and views add up to the counters', async () => {
    const [daily] = await rows<{ reactions: number; saves: number; comments: number; days: number }>(sql`
      SELECT sum(reactions)::int AS reactions, sum(saves)::int AS saves, sum(comments)::int AS comments, count(DISTINCT day)::int AS days
      FROM project_daily_stats`);
    // The hand-written engagement happened today; the daily counters record the crowd's history.
    const [made] = await rows<{ reactions: number; saves: number; comments: number }>(sql`
      SELECT (SELECT count(*)::int FROM reactions r JOIN users u ON u.id = r.user_id WHERE u.password_hash IS NULL) AS reactions,
        (SELECT count(*)::int FROM saves s JOIN users u ON u.id = s.user_id WHERE u.password_hash IS NULL) AS saves,
        ${DEMO_CROWD.comments}::int AS comments`);
    expect(daily).toMatchObject(made!);
    expect(daily!.days).toBeGreaterThanOrEqual(60);
    // Ada is premium: her Analytics has views on most days since her first project. A day draws 0 to 5
    // views at random, so "every day" would hold or not with the calendar day the test runs on.
    const [ada] = await rows<{ days: number; since: number }>(sql`
      SELECT count(DISTINCT s.day) FILTER (WHERE s.views > 0)::int AS days,
        (SELECT current_date - min(p2.created_at)::date + 1 FROM projects p2 JOIN users u2 ON u2.id = p2.author_id WHERE u2.email = 'ada@buildboard.dev')::int AS since
      FROM project_daily_stats s JOIN projects p ON p.id = s.project_id
      JOIN users u ON u.id = p.author_id WHERE u.email = 'ada@buildboard.dev'`);
    expect(ada!.since).toBeGreaterThanOrEqual(7);
    expect(ada!.days).toBeGreaterThanOrEqual(Math.ceil(ada!.since / 2));
    const [crowdViews] = await rows<{ stored: number; daily: number }>(sql`
      SELECT sum(p.view_count)::int AS stored, (SELECT sum(views)::int FROM project_daily_stats s JOIN projects q ON q.id = s.project_id JOIN users v ON v.id = q.author_id WHERE v.password_hash IS NULL) AS daily
      FROM projects p JOIN users u ON u.id = p.author_id WHERE u.password_hash IS NULL`);
    expect(crowdViews!.stored).toBe(crowdViews!.daily);
    expect(crowdViews!.stored).toBeGreaterThan(0);
  });

  it('when it is loaded, then the crowd writes real developer text within the limits, and the counters are exact', async () => {
    const [text] = await rows<{ projects: number; longestTitle: number; longestDescription: number; longestComment: number; distinctTitles: number }>(sql`
      SELECT count(*)::int AS projects, max(length(p.title))::int AS "longestTitle", max(length(p.description))::int AS "longestDescription",
        (SELECT max(length(content))::int FROM comments) AS "longestComment", count(DISTINCT p.title)::int AS "distinctTitles"
      FROM projects p JOIN users u ON u.id = p.author_id WHERE u.password_hash IS NULL`);
    expect(text!.projects).toBe(DEMO_CROWD.projects);
    expect(text!.distinctTitles).toBeGreaterThan(DEMO_CROWD.projects * 0.8);
    expect(text!.longestTitle).toBeLessThanOrEqual(PROJECT_TITLE_MAX);
    expect(text!.longestDescription).toBeLessThanOrEqual(PROJECT_DESCRIPTION_MAX);
    expect(text!.longestComment).toBeLessThanOrEqual(COMMENT_MAX);
    const wrong = await rows<{ id: number }>(sql`
      SELECT p.id FROM projects p
      WHERE p.reaction_count <> (SELECT count(*) FROM reactions r WHERE r.project_id = p.id)
        OR p.comment_count <> (SELECT count(*) FROM comments c WHERE c.project_id = p.id)
        OR p.save_count <> (SELECT count(*) FROM saves s WHERE s.project_id = p.id)`);
    expect(wrong).toEqual([]);
  });
});
