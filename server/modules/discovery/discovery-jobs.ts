import type { AppDeps } from '../../deps';
import type { DomainEventName } from '../../events/domain-events';
import { startJobRunner } from '../../jobs/job-runner';
import { refreshAllTrendingScores, refreshSearchWords, refreshTrendingScores, rescoreEndedPremium, storeNextRecommendationSnapshot } from './discovery.repository';
import { SEARCH_CHANGES_KEPT_MS } from './search-index/live-search-index';
import { pruneSearchChanges } from './search-index/search-index.repository';

/**
 * How often the projects of authors whose premium ended by time are rescored (no write tells of it)
 * and the search lexicon takes the words of projects changed since the last run.
 */
export const TRENDING_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * How often every stored score is recomputed: only what no write scores (counters changed in SQL
 * alone, a changed formula). Every 5 minutes it cost PostgreSQL 5 to 19 s at 1M projects (two score
 * computations per row), while views, the change it used to catch, are now scored as they are stored.
 */
export const TRENDING_RESCORE_ALL_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * The lexicon and ended premium are read from a little before the last run's start: writes committing
 * during it, and an end date that passed while it ran.
 */
const OVERLAP_MS = 60 * 1000;

/**
 * Events after which the one project's score is recomputed at once. Likes, unlikes, saves and comments
 * are not among them: their own statement stores the new score with the counter (interactions.repository).
 */
const SCORE_EVENTS = ['project:created', 'project:updated', 'project:rated', 'project:shared'] as const satisfies readonly DomainEventName[];

export type DiscoveryOptions = {
  /** Minimum milliseconds between refreshes of ended premium and search words, across all instances. */
  refreshIntervalMs?: number;
  /** Minimum milliseconds between recomputations of every score, across all instances. */
  rescoreAllIntervalMs?: number;
};

/**
 * Starts discovery's background work: event handlers that refresh one project's trending score (and
 * search words), and, run by the job runner once across instances (at start-up when due, then on a
 * schedule), the rescoring of ended premium with the search lexicon's refresh, and a recomputation of
 * every score (bulk loads, seeds, SQL-only changes). Answers a stop function.
 */
export function startDiscovery(
  deps: Pick<AppDeps, 'db' | 'events' | 'logger'> & { cache?: AppDeps['cache'] },
  opts: DiscoveryOptions = {},
): () => void {
  const intervalMs = opts.refreshIntervalMs ?? TRENDING_REFRESH_INTERVAL_MS;
  let stopped = false;

  for (const name of SCORE_EVENTS) {
    deps.events.onBatch(name, async (events) => {
      if (stopped) return;
      await refreshTrendingScores(deps.db, events.map((e) => e.projectId));
      // The write dropped trending before its answer; a read since may have cached the old order.
      deps.cache?.invalidate({ trending: true });
    });
  }
  for (const name of ['project:created', 'project:updated'] as const) {
    deps.events.on(name, async ({ projectId }) => {
      if (!stopped) await refreshSearchWords(deps.db, { projectId });
    });
  }
  deps.events.onBatch('project:commented', async (events) => {
    if (!stopped) await refreshSearchWords(deps.db, { commentIds: events.map((e) => e.commentId) });
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

  // The bulk refresh runs once across instances (server/jobs): at start-up when due, then every interval.
  const stopJobs = startJobRunner(deps, [
    {
      name: 'discovery:refresh',
      intervalMs,
      run: async ({ lastSucceededStartedAt }) => {
        const started = Date.now();
        const since = lastSucceededStartedAt && new Date(lastSucceededStartedAt.getTime() - OVERLAP_MS);
        // The first run leaves premium to the recomputation of every score, due at start-up too.
        const ended = since ? await rescoreEndedPremium(deps.db, since) : 0;
        if (ended) deps.cache?.invalidate({ trending: true });
        // The first run reads every project's words (seeds, bulk loads).
        await refreshSearchWords(deps.db, { since });
        await pruneSearchChanges(deps.db, new Date(started - SEARCH_CHANGES_KEPT_MS));
        deps.logger.debug({ ended, ms: Date.now() - started }, 'ended premium rescored and search words refreshed');
      },
    },
    {
      name: 'discovery:rescore-all',
      intervalMs: opts.rescoreAllIntervalMs ?? TRENDING_RESCORE_ALL_INTERVAL_MS,
      run: async () => {
        const started = Date.now();
        const changed = await refreshAllTrendingScores(deps.db);
        if (changed) deps.cache?.invalidate({ trending: true });
        deps.logger.debug({ changed, ms: Date.now() - started }, 'every trending score recomputed');
      },
    },
  ]);

  return () => {
    stopped = true;
    void stopJobs();
  };
}
