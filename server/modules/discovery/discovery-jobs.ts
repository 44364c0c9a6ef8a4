import type { AppDeps } from '../../deps';
import type { DomainEventName } from '../../events/domain-events';
import { startJobRunner } from '../../jobs/job-runner';
import { refreshAllTrendingScores, refreshSearchWords, refreshTrendingScores, storeNextRecommendationSnapshot } from './discovery.repository';
import { SEARCH_CHANGES_KEPT_MS } from './search-index/live-search-index';
import { pruneSearchChanges } from './search-index/search-index.repository';

/**
 * How often every stored trending score is recomputed (views and premium expiry emit no event)
 * and the search lexicon takes the words of projects changed since the last run.
 */
export const TRENDING_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

/** The lexicon rescans a little before the last run's start, for writes that were committing during it. */
const WORDS_OVERLAP_MS = 60 * 1000;

/**
 * Events after which the one project's score is recomputed at once. Likes, unlikes, saves and comments
 * are not among them: their own statement stores the new score with the counter (interactions.repository).
 */
const SCORE_EVENTS = ['project:created', 'project:updated', 'project:rated', 'project:shared'] as const satisfies readonly DomainEventName[];

export type DiscoveryOptions = {
  /** Minimum milliseconds between bulk refreshes, across all instances. */
  refreshIntervalMs?: number;
};

/**
 * Starts discovery's background work: event handlers that refresh one project's trending score (and
 * search words), and a refresh of every score and of the search lexicon, run by the job runner once
 * across instances: at start-up when due (bulk loads, seeds) and then on a schedule. Answers a stop function.
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
        const changed = await refreshAllTrendingScores(deps.db);
        if (changed) deps.cache?.invalidate({ trending: true });
        // The first run reads every project (seeds, bulk loads); later ones overlap the previous run's start.
        const since = lastSucceededStartedAt && new Date(lastSucceededStartedAt.getTime() - WORDS_OVERLAP_MS);
        await refreshSearchWords(deps.db, { since });
        await pruneSearchChanges(deps.db, new Date(started - SEARCH_CHANGES_KEPT_MS));
        deps.logger.debug({ changed, ms: Date.now() - started }, 'trending scores and search words refreshed');
      },
    },
  ]);

  return () => {
    stopped = true;
    void stopJobs();
  };
}
