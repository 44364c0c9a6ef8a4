import type { RequestHandler } from 'express';
import type { TSyncCollection } from '@shared/sync-texts';
import type { EventBus } from '../events/domain-events';

/**
 * After a successful write, tells the member's open clients (their other devices too) that a synced
 * collection changed, so their offline stores pull it. Declared on the route, so the write's use case
 * stays unaware of sync; it fires once the answer is sent, when the write has committed.
 */
export function signalsSync(events: EventBus, ...collections: TSyncCollection[]): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      const userId = req.user?.id;
      if (!userId || res.statusCode >= 300) return;
      for (const collection of collections) void events.emit('sync:changed', { userId, collection });
    });
    next();
  };
}
