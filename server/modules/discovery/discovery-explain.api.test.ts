import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRENDING_LIMIT, SEARCH_RESULTS_MAX } from '@shared/schemas/discovery';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  AFFINITY,
  recommendedQuerySql,
  searchCommentsQuerySql,
  searchProjectsQuerySql,
  trendingProjectCardsQuery,
} from './discovery.repository';
import { generateDiscoveryData } from '../../test/generate-discovery-data';
import { searchTermsOf, withoutTypos } from './search-content';
import { rowsOf } from '../../db/rows';

// Plans only mean something on PostgreSQL with real statistics: PGlite runs the same SQL (every other
// discovery test runs on both), but this check of index use is made against the production engine.
const onPostgres = process.env.TEST_DB === 'postgres';
const PROJECTS = 50_000;

let t: TestServer;
let memberId: string;

describe('discovery query plans on 50,000 projects', () => {
  beforeAll(async () => {
    if (!onPostgres) return;
    t = await startTestServer();
    // 80 likes a member, as the bench's 1M community: hundreds of members share some of anyone's likes.
    memberId = (await generateDiscoveryData(t.database.db, { projects: PROJECTS, users: 2_000, comments: 20_000, likesPerUser: 80 })).memberId;
  }, 240_000);
  afterAll(async () => {
    if (t) await t.close();
  }, 60_000);

  // Executed: a node the plan keeps for a case that did not arise shows "(never executed)".
  async function plan(query: SQL): Promise<string> {
    const result = (await t.database.db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  it.runIf(onPostgres)(
    'when trending, recommended and search run on PostgreSQL (skipped on PGlite: plans are checked on the production engine), then none reads projects with a sequential scan',
    async () => {
      const [{ n }] = ((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM projects`)) as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
      expect(n).toBeGreaterThanOrEqual(PROJECTS);

      const plans: Record<string, string> = {
        trending: await plan(trendingProjectCardsQuery(t.database.db, TRENDING_LIMIT, undefined).getSQL()),
        recommended: await plan(recommendedQuerySql(memberId)),
      };
      for (const q of ['raect', 'dashb', 'react dashboard', 'compiler', 'Ada', 'Ada Stonewood', 'ada stonewod', 'love this']) {
        plans[`search projects '${q}'`] = await plan(searchProjectsQuerySql(searchTermsOf(q), SEARCH_RESULTS_MAX));
        plans[`search comments '${q}'`] = await plan(searchCommentsQuerySql(searchTermsOf(q), SEARCH_RESULTS_MAX));
      }
      for (const [name, text] of Object.entries(plans)) {
        expect(text, `${name}:\n${text}`).not.toMatch(/Seq Scan on projects( \w+)? \(actual/);
      }
      // The indexes meant for each query are the ones used.
      expect(plans.trending).toMatch(/projects_trending_idx/);
      expect(plans.recommended).toMatch(/projects_trending_idx/);
      expect(plans.recommended).toMatch(/projects_category_trending_idx/);
      expect(plans["search projects 'raect'"]).toMatch(/project_search_postings_lexeme_step_idx/);
      // Two words that may seldom meet keep a text index to fall back on (RUM where it is installed).
      expect(plans["search projects 'react dashboard'"]).toMatch(/projects_search_(document|rum)_idx/);
      expect(plans["search projects 'raect'"]).toMatch(/projects_author_idx/);
      // Comments: the stored document is read, never computed per row.
      expect(plans["search comments 'raect'"]).toMatch(/search_document @@/);
      for (const [name, text] of Object.entries(plans)) expect(text, name).not.toMatch(/to_tsvector/);
    },
    120_000,
  );

  it.runIf(onPostgres)(
    'when a member shares likes with hundreds of members, then the co-like ranking reads a bounded number of their likes (the 50 closest, 20 each)',
    async () => {
      type PlanNode = { 'Node Type': string; 'Subplan Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: PlanNode[] };
      const [row] = ((await t.database.db.execute(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${recommendedQuerySql(memberId, 100)}`)) as unknown as {
        rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
      }).rows;
      const find = (node: PlanNode, hit: (n: PlanNode) => boolean): PlanNode | undefined =>
        hit(node) ? node : (node.Plans ?? []).map((c) => find(c, hit)).find(Boolean);
      const root = row!['QUERY PLAN'][0].Plan;
      const colikes = find(root, (n) => n['Subplan Name'] === 'CTE colikes');
      const aggregate = colikes && find(colikes, (n) => n['Node Type'] === 'Aggregate');
      const input = aggregate?.Plans?.[0];
      expect(input, JSON.stringify(colikes)).toBeDefined();
      const neighbourLikes = input!['Actual Rows'] * input!['Actual Loops'];
      // Enough data that the bound matters (before it, every one of up to 500 neighbours' likes was read).
      const [{ sharers }] = ((await t.database.db.execute(sql`
        SELECT count(DISTINCT r.user_id)::int AS sharers FROM reactions mine JOIN reactions r ON r.project_id = mine.project_id
        WHERE mine.user_id = ${memberId} AND r.user_id <> ${memberId}`)) as unknown as { rows: { sharers: number }[] }).rows as [{ sharers: number }];
      expect(sharers).toBeGreaterThan(100);
      expect(neighbourLikes).toBeGreaterThan(0);
      expect(neighbourLikes).toBeLessThanOrEqual(AFFINITY.neighboursMax * AFFINITY.coLikesPerNeighbour);
    },
    60_000,
  );

  it.runIf(onPostgres)(
    'when a common word or a common prefix is searched, then its candidates come from the per-word postings and the text index is not read',
    async () => {
      type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Loops': number; Plans?: PlanNode[] };
      for (const q of ['react', 'reac', 'json']) {
        const terms = withoutTypos(searchTermsOf(q));
        // Common: more matches than a list holds, so the text index would read thousands of rows.
        const [{ matches }] = (await rowsOf<{ matches: number }>(
          t.database.db,
          sql`SELECT count(*)::int AS matches FROM projects WHERE search_document @@ to_tsquery('english', ${terms.prefixQuery})`,
        )) as [{ matches: number }];
        expect(matches, q).toBeGreaterThan(500);
        const search = searchProjectsQuerySql(terms, SEARCH_RESULTS_MAX);
        const [row] = await rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(t.database.db, sql`EXPLAIN (ANALYZE, FORMAT JSON) ${search}`);
        const all = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(all)];
        const nodes = all(row!['QUERY PLAN'][0].Plan);
        const textIndexReads = nodes.filter((n) => n['Node Type'] === 'Bitmap Heap Scan' && n['Relation Name'] === 'projects');
        expect(textIndexReads.map((n) => n['Actual Loops']), q).toEqual(textIndexReads.map(() => 0));
        expect(nodes.some((n) => n['Index Name'] === 'project_search_postings_lexeme_step_idx' && n['Actual Loops'] > 0), q).toBe(true);
        // And the page is full of text hits.
        const hits = await rowsOf<{ textHit: boolean }>(t.database.db, search);
        expect(hits.filter((r) => r.textHit), q).toHaveLength(SEARCH_RESULTS_MAX);
      }
    },
    60_000,
  );
});
