// The performance targets, judged from one run's results: the bench prints and stores which hold, so a run
// says it itself instead of a reader comparing the tables by hand.

export type Measure = { rps: number; p50: number; p99: number; non2xx: number; errors: number; requests: number; cpuUsPerRequest?: number };
export type RouteResult = { route: string; c20: Measure; c50: Measure; ratio: number };
export type SizeResult = {
  label: string;
  projects: number;
  database: 'postgres' | 'pglite';
  generateSeconds: number;
  routes: RouteResult[];
  /** PostgreSQL's buffer cache against the data's size: at 1M projects it decides whether reads are cold. */
  memory?: string;
};

export type TargetCheck = { target: string; where: string; figure: string; holds: boolean };

export const REFERENCE_ROUTE = 'bare Express (reference)';

/**
 * The routes whose steady state is served from a cache (the same few keys asked again and again):
 * named so in every table, as their figures say what a cache costs, not what a member's reads cost.
 */
export const CACHED = {
  trending: 'trending: visitor (cached)',
  projectPage: 'project page: top 200 (cached)',
  recommendedFirst: 'recommended first page (cached)',
  recommendedLater: 'recommended later page (cached)',
  following: 'following (cached)',
  notifications: 'notifications (cached)',
  search: (q: string) => `search '${q}' (cached)`,
} as const;

/** What members get: no answer asked twice within a run, signed-in reads, and reads while writes happen. No commas: BENCH_ROUTES splits on them. */
export const REAL = {
  trendingMember: 'trending: signed-in member (cached answer)',
  projectPageMember: 'project page: signed-in member (cached answer)',
  projectPageAll: 'project page: any of all projects',
  recommendedMany: 'recommended: members without a cached page',
  searchLog: 'search: query log (each query once)',
  mix: 'mix: 90% reads and 10% writes',
} as const;

/** Each route's least share of the reference's req/s at 20 connections. */
const MIN_RATIO: Record<string, number> = {
  [CACHED.trending]: 0.5,
  [CACHED.projectPage]: 0.5,
  [CACHED.recommendedFirst]: 0.2,
  [CACHED.recommendedLater]: 0.2,
  [CACHED.following]: 0.2,
  [CACHED.notifications]: 0.2,
  '/api/auth/user': 0.2,
  [CACHED.search('react')]: 0.1,
  [CACHED.search('dashb')]: 0.1,
  [CACHED.search('raect')]: 0.1,
  'like/unlike': 0.1,
  comment: 0.1,
  [REAL.trendingMember]: 0.5,
  [REAL.projectPageMember]: 0.5,
  [REAL.projectPageAll]: 0.25,
  [REAL.recommendedMany]: 0.15,
  [REAL.searchLog]: 0.1,
  [REAL.mix]: 0.2,
};
/**
 * Issue 39's routes are judged on their ratio; the mix also on its p99 at 20 connections. The 50 ms
 * p99 at 50 connections and the growth target stay those of the cached routes: a long-tail
 * read answered from a cache at 10k and from the database at 1M grows by design.
 */
const ISSUE_39_ROUTES: ReadonlySet<string> = new Set(Object.values(REAL));
export const MAX_MIX_P99_AT_20_MS = 60;
export const MAX_P99_AT_50_MS = 50;
export const MAX_P50_GROWTH = 1.5;
export const MIN_PGLITE_SHARE = 1 / 3;

/** A share as the tables print it: 0.123 -> "12.3%". */
export const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const sizeName = (r: SizeResult) => `${r.projects.toLocaleString('en-US')} (${r.database === 'pglite' ? 'PGlite' : 'PostgreSQL'})`;

/**
 * p50 growth from the smallest to the largest PostgreSQL size. autocannon's histogram counts whole
 * milliseconds, so a p50 of 1 against 2 reads as 2x whatever the real change; where the two p50s are
 * within that 1 ms step, the mean latency decides instead (Little's law: connections / req/s, exact).
 */
export function growthHolds(small: Measure, large: Measure, connections = 20): { holds: boolean; p50Growth: number; meanGrowth: number } {
  const p50Growth = large.p50 / Math.max(small.p50, 1);
  const meanGrowth = connections / large.rps / (connections / small.rps);
  const withinStep = large.p50 - small.p50 <= 1;
  return { holds: p50Growth <= MAX_P50_GROWTH || (withinStep && meanGrowth <= MAX_P50_GROWTH), p50Growth, meanGrowth };
}

/**
 * The sizes a run compares: the smallest and the largest PostgreSQL size (growth; absent with one
 * size), and the PGlite size with the PostgreSQL size of as many projects (absent without either).
 */
export function comparedSizes(results: SizeResult[]): { growth?: { small: SizeResult; large: SizeResult }; pglite?: { lite: SizeResult; pg: SizeResult } } {
  const pg = results.filter((r) => r.database === 'postgres').sort((a, b) => a.projects - b.projects);
  const small = pg[0];
  const large = pg[pg.length - 1];
  const lite = results.find((r) => r.database === 'pglite');
  const pgSame = lite && pg.find((r) => r.projects === lite.projects);
  return {
    ...(small && large && large.projects > small.projects ? { growth: { small, large } } : {}),
    ...(lite && pgSame ? { pglite: { lite, pg: pgSame } } : {}),
  };
}

/** Every target a run can judge, one row per route and size. Routes without a ratio target (analytics) get the p99 row only. */
export function checkTargets(results: SizeResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const size of results) {
    for (const r of size.routes) {
      if (r.route === REFERENCE_ROUTE) continue;
      const min = MIN_RATIO[r.route];
      if (min !== undefined) {
        checks.push({ target: `req/s >= ${pct(min)} of the reference`, where: `${r.route} at ${sizeName(size)}`, figure: pct(r.ratio), holds: r.ratio >= min });
      }
      if (r.route === REAL.mix) {
        checks.push({ target: `p99 <= ${MAX_MIX_P99_AT_20_MS} ms at 20 connections`, where: `${r.route} at ${sizeName(size)}`, figure: `${r.c20.p99} ms`, holds: r.c20.p99 <= MAX_MIX_P99_AT_20_MS });
      } else if (!ISSUE_39_ROUTES.has(r.route)) {
        checks.push({ target: `p99 <= ${MAX_P99_AT_50_MS} ms at 50 connections`, where: `${r.route} at ${sizeName(size)}`, figure: `${r.c50.p99} ms`, holds: r.c50.p99 <= MAX_P99_AT_50_MS });
      }
      const failed = r.c20.non2xx + r.c50.non2xx + r.c20.errors + r.c50.errors;
      if (failed) checks.push({ target: 'every answer 2xx', where: `${r.route} at ${sizeName(size)}`, figure: `${failed} failed`, holds: false });
    }
  }
  const { growth, pglite } = comparedSizes(results);
  if (growth) {
    const { small, large } = growth;
    for (const r of large.routes) {
      const s = small.routes.find((x) => x.route === r.route);
      if (!s || r.route === REFERENCE_ROUTE || ISSUE_39_ROUTES.has(r.route)) continue;
      const g = growthHolds(s.c20, r.c20);
      checks.push({
        target: `p50 at ${large.projects.toLocaleString('en-US')} <= ${MAX_P50_GROWTH}x p50 at ${small.projects.toLocaleString('en-US')}`,
        where: r.route,
        figure: `${s.c20.p50} -> ${r.c20.p50} ms (${g.p50Growth.toFixed(1)}x; mean ${g.meanGrowth.toFixed(2)}x)`,
        holds: g.holds,
      });
    }
  }
  if (pglite) {
    const { lite, pg } = pglite;
    for (const r of lite.routes) {
      const p = pg.routes.find((x) => x.route === r.route);
      if (!p || r.route === REFERENCE_ROUTE) continue;
      const share = r.c20.rps / p.c20.rps;
      checks.push({ target: 'PGlite >= 1/3 of PostgreSQL', where: `${r.route} at ${lite.projects.toLocaleString('en-US')}`, figure: pct(share), holds: share >= MIN_PGLITE_SHARE });
    }
  }
  return checks;
}

/** The Markdown section: the misses first (each named), then a count of what holds. */
export function targetsMarkdown(checks: TargetCheck[]): string {
  const misses = checks.filter((c) => !c.holds);
  const out = [`## Targets: ${checks.length - misses.length} of ${checks.length} hold`, ''];
  if (misses.length) {
    out.push('| missed target | where | figure |', '|---|---|---:|');
    for (const m of misses) out.push(`| ${m.target} | ${m.where} | ${m.figure} |`);
  } else {
    out.push('Every target holds in this run.');
  }
  out.push('');
  return out.join('\n');
}
