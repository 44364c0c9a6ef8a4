import type { AppDeps } from '../../deps';
import type { DomainEventName } from '../../events/domain-events';
import { refreshAllTrendingScores, refreshSearchWords, refreshTrendingScore } from './discovery.repository';

/**
 * How often every stored trending score is recomputed (views, unlikes and premium expiry emit no event)
 * and the search lexicon takes the words of projects changed since the last run.
 */
export const TRENDING_REFRESH_INTERVAL_MS = 5 * 60 * 1000;

/** The lexicon rescans a little before the last run's start, for writes that were committing during it. */
const WORDS_OVERLAP_MS = 60 * 1000;

/** Events after which the one project's score is recomputed at once. */
const SCORE_EVENTS = [
  'project:created',
  'project:updated',
  'project:liked',
  'project:commented',
  'project:rated',
  'project:shared',
] as const satisfies readonly DomainEventName[];

export type DiscoveryOptions = {
  /** Milliseconds between bulk refreshes; 0 turns the schedule off (the start-up refresh still runs). */
  refreshIntervalMs?: number;
};

/**
 * Starts discovery's background work: event handlers that refresh one project's trending score (and
 * search words), a refresh of every score and of the search lexicon at start-up (bulk loads, seeds)
 * and then on a schedule. Answers a stop function.
 */
export function startDiscovery(
  deps: Pick<AppDeps, 'db' | 'events' | 'logger'>,
  opts: DiscoveryOptions = {},
): () => void {
  const intervalMs = opts.refreshIntervalMs ?? TRENDING_REFRESH_INTERVAL_MS;
  let stopped = false;
  let running: Promise<void> | null = null;

  for (const name of SCORE_EVENTS) {
    deps.events.on(name, async ({ projectId }) => {
      if (!stopped) await refreshTrendingScore(deps.db, projectId);
    });
  }
  for (const name of ['project:created', 'project:updated'] as const) {
    deps.events.on(name, async ({ projectId }) => {
      if (!stopped) await refreshSearchWords(deps.db, { projectId });
    });
  }
  deps.events.on('project:commented', async ({ commentId }) => {
    if (!stopped) await refreshSearchWords(deps.db, { commentId });
  });

  let wordsSince: Date | null = null; // the first run reads every project (seeds, bulk loads)

  const refreshAll = () => {
    if (stopped || running) return;
    const started = new Date();
    running = (async () => {
      const changed = await refreshAllTrendingScores(deps.db);
      await refreshSearchWords(deps.db, { since: wordsSince });
      wordsSince = new Date(started.getTime() - WORDS_OVERLAP_MS); // overlap: writes committing during a run
      deps.logger.debug({ changed, ms: Date.now() - started.getTime() }, 'trending scores and search words refreshed');
    })()
      .catch((err: unknown) => {
        if (!stopped) deps.logger.error({ err }, 'trending score refresh failed');
      })
      .finally(() => {
        running = null;
      });
  };

  refreshAll();
  const timer = intervalMs > 0 ? setInterval(refreshAll, intervalMs) : null;
  timer?.unref();

  return () => {
    stopped = true;
    if (timer) clearInterval(timer);
  };
}
