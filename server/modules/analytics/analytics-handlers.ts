import type { AppDeps } from '../../deps';
import { recordProjectActivity } from './analytics.repository';

/**
 * Likes, comments, first ratings and shares already announce themselves as domain events: analytics
 * counts them from there. Saves emit no event and call recordProjectActivity where they happen; views are
 * counted with the batch that stores them (projects/view-counter.ts).
 */
export function registerAnalyticsHandlers(deps: Pick<AppDeps, 'db' | 'events'>): void {
  const { db, events } = deps;
  events.onBatch('project:liked', (batch) => recordProjectActivity(db, 'reactions', batch));
  events.onBatch('project:commented', (batch) => recordProjectActivity(db, 'comments', batch));
  events.onBatch('project:rated', (batch) => recordProjectActivity(db, 'ratings', batch));
  events.onBatch('project:shared', (batch) => recordProjectActivity(db, 'shares', batch));
}
