import type { AppDeps } from '../../deps';
import { recordProjectActivity } from './analytics.repository';

/**
 * Likes, comments, first ratings and shares already announce themselves as domain events: analytics
 * counts them from there. Saves emit no event and call recordProjectActivity where they happen; views are
 * counted with the batch that stores them (db/view-counter.ts).
 */
export function registerAnalyticsHandlers(deps: Pick<AppDeps, 'db' | 'events' | 'cache'>): void {
  const { db, events, cache } = deps;
  // The authors' cached analytics go once their counters moved (the write's own drop came before them).
  const record = (kind: Parameters<typeof recordProjectActivity>[1]) => async (batch: { projectId: number; rating?: number }[]) => {
    const authors = await recordProjectActivity(db, kind, batch);
    if (authors.length) cache.invalidate({ members: authors });
  };
  events.onBatch('project:liked', record('reactions'));
  events.onBatch('project:commented', record('comments'));
  events.onBatch('project:rated', record('ratings'));
  events.onBatch('project:shared', record('shares'));
}
