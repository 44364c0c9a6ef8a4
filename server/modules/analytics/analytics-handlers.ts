import type { AppDeps } from '../../deps';
import { recordProjectActivity } from './analytics.repository';

/**
 * Likes, comments, first ratings and shares already announce themselves as domain events: analytics
 * counts them from there. Saves emit no event and call recordProjectActivity where they happen; views are
 * counted with the batch that stores them (projects/view-counter.ts).
 */
export function registerAnalyticsHandlers(deps: Pick<AppDeps, 'db' | 'events'>): void {
  const { db, events } = deps;
  events.on('project:liked', (e) => recordProjectActivity(db, e.projectId, 'reactions'));
  events.on('project:commented', (e) => recordProjectActivity(db, e.projectId, 'comments'));
  events.on('project:rated', (e) => recordProjectActivity(db, e.projectId, 'ratings', e.rating));
  events.on('project:shared', (e) => recordProjectActivity(db, e.projectId, 'shares'));
}
