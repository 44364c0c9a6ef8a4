import type { AppDeps } from '../../deps';
import type { HandlerContext } from '../../events/domain-events';
import { recordProjectActivity } from './analytics.repository';

/**
 * Likes, comments, first ratings and shares already announce themselves as domain events: analytics
 * counts them from there. Saves emit no event and call recordProjectActivity where they happen; views are
 * counted with the batch that stores them (db/view-counter.ts).
 */
export function registerAnalyticsHandlers(deps: Pick<AppDeps, 'events' | 'cache'>): void {
  const { events, cache } = deps;
  // Counted in the event's transaction (once); the authors' cached analytics go once that commits.
  const record = (kind: Parameters<typeof recordProjectActivity>[1]) => async (batch: { projectId: number; rating?: number }[], ctx: HandlerContext) => {
    const authors = await recordProjectActivity(ctx.db, kind, batch);
    if (authors.length) ctx.afterCommit(() => cache.invalidate({ members: authors }));
  };
  events.onBatch('project:liked', record('reactions'));
  events.onBatch('project:commented', record('comments'));
  events.onBatch('project:rated', record('ratings'));
  events.onBatch('project:shared', record('shares'));
}
