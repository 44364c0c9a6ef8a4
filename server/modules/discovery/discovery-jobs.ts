import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { DomainEventName } from '../../events/domain-events';
import { startJobRunner } from '../../jobs/job-runner';
import { refreshAllTrendingScores, refreshSearchWords, refreshTrendingScores, rescoreEndedPremium, storeNextRecommendationSnapshot } from './discovery.repository';
import { SEARCH_CHANGES_KEPT_MS } from './search-index/live-search-index';
import { pruneSearchChanges } from './search-index/search-index.repository';

/** How often the projects of authors whose premium ended by time are rescored (no write tells of it). */
export const TRENDING_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * How often every stored score is recomputed and the search lexicon takes the words of every project
 * and comment written since the last pass: only what no write does itself (counters changed in SQL
 * alone, a changed formula; words of a write whose event was lost). Every 5 minutes the scores cost
 * PostgreSQL 5 to 19 s at 1M projects (two score computations per row), and the words 1.2 to 2.3 s (projects
 * have no index on their edit time, so every row was read).
 */
export const TRENDING_RESCORE_ALL_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The lexicon and ended premium are read from a little before the last run's start: writes committing
 * during it, and an end date that passed while it ran.
 */
const OVERLAP_MS = 60 * 1000;

/** The moment a job reads changes from: a little before its last successful run began (null: everything). */
const readFrom = (lastSucceededStartedAt: Date | null) => lastSucceededStartedAt && new Date(lastSucceededStartedAt.getTime() - OVERLAP_MS);

/**
 * The short job: the projects of authors whose premium ended since `since` rescored (null, the first
 * run: left to the recomputation of every score, due at start-up too), and the search changes no
 * instance reads any more deleted. It reads no table whole. Answers how many scores changed.
 */
export async function rescoreEndedPremiumJob(db: DbOrTx, { since, started }: { since: Date | null; started: Date }): Promise<number> {
  const ended = since ? await rescoreEndedPremium(db, since) : 0;
  await pruneSearchChanges(db, new Date(started.getTime() - SEARCH_CHANGES_KEPT_MS));
  return ended;
}

/**
 * The daily job: every score recomputed (null when another instance holds the recomputation), and the
 * words of the projects and comments written since `since` (null: all of them) added to the lexicon.
 * Writes add their words themselves (the events below); this catches seeds, bulk loads and a write
 * whose event was lost.
 */
export async function rescoreAllJob(db: DbOrTx, { since }: { since: Date | null }): Promise<number | null> {
  const changed = await refreshAllTrendingScores(db);
  await refreshSearchWords(db, { since });
  return changed;
}

/**
 * Events after which the one project's score is recomputed at once. Likes, unlikes, saves and comments
 * are not among them: their own statement stores the new score with the counter (interactions.repository).
 */
const SCORE_EVENTS = ['project:created', 'project:updated', 'project:rated', 'project:shared'] as const satisfies readonly DomainEventName[];

export type DiscoveryOptions = {
  /** Minimum milliseconds between rescorings of ended premium, across all instances. */
  refreshIntervalMs?: number;
  /** Minimum milliseconds between recomputations of every score (and the lexicon's pass), across all instances. */
  rescoreAllIntervalMs?: number;
};

/**
 * Starts discovery's background work: event handlers that refresh one project's trending score (and
 * search words), and, run by the job runner once across instances (at start-up when due, then on a
 * schedule), the rescoring of ended premium, and a recomputation of every score with the search
 * lexicon's pass (bulk loads, seeds, SQL-only changes). Answers a stop function.
 */
export function startDiscovery(
  deps: Pick<AppDeps, 'db' | 'events' | 'logger'> & { cache?: AppDeps['cache'] },
  opts: DiscoveryOptions = {},
): () => void {
  const intervalMs = opts.refreshIntervalMs ?? TRENDING_REFRESH_INTERVAL_MS;
  let stopped = false;

  for (const name of SCORE_EVENTS) {
    deps.events.onBatch(name, async (events, ctx) => {
      if (stopped) return;
      await refreshTrendingScores(ctx.db, events.map((e) => e.projectId));
      // The write dropped trending before its answer; a read since may have cached the old order.
      ctx.afterCommit(() => deps.cache?.invalidate({ trending: true }));
    });
  }
  for (const name of ['project:created', 'project:updated'] as const) {
    deps.events.on(name, async ({ projectId }, ctx) => {
      if (!stopped) await refreshSearchWords(ctx.db, { projectId });
    });
  }
  deps.events.onBatch('project:commented', async (events, ctx) => {
    if (!stopped) await refreshSearchWords(ctx.db, { commentIds: events.map((e) => e.commentId) });
  });
  // One background ranking per member at a time: a member reloading while theirs runs asks for no other.
  const ranking = new Set<string>();
  deps.events.on('recommendations:stale', async ({ userId }) => {
    if (stopped || ranking.has(userId)) return;
    ranking.add(userId);
    try {
      await storeNextRecommendationSnapshot(deps.db, userId);
      // The member's cached first page still shows the stale ranking: their next one takes the new one.
      deps.cache?.invalidate({ members: [userId] });
    } finally {
      ranking.delete(userId);
    }
  });

  // Both run once across instances (server/jobs): at start-up when due, then every interval.
  const stopJobs = startJobRunner(deps, [
    {
      name: 'discovery:refresh',
      intervalMs,
      run: async ({ lastSucceededStartedAt }) => {
        const started = new Date();
        const ended = await rescoreEndedPremiumJob(deps.db, { since: readFrom(lastSucceededStartedAt), started });
        if (ended) deps.cache?.invalidate({ trending: true });
        deps.logger.debug({ ended, ms: Date.now() - started.getTime() }, 'ended premium rescored');
      },
    },
    {
      name: 'discovery:rescore-all',
      intervalMs: opts.rescoreAllIntervalMs ?? TRENDING_RESCORE_ALL_INTERVAL_MS,
      run: async ({ lastSucceededStartedAt }) => {
        const started = Date.now();
        const changed = await rescoreAllJob(deps.db, { since: readFrom(lastSucceededStartedAt) });
        if (changed) deps.cache?.invalidate({ trending: true });
        deps.logger.debug({ changed, ms: Date.now() - started }, 'every trending score recomputed, search words refreshed');
      },
    },
  ]);

  return () => {
    stopped = true;
    void stopJobs();
  };
}
