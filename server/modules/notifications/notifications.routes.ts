import { Router } from 'express';
import { NOTIFICATION_NOT_FOUND } from '@shared/schemas/notification';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { serialIdParam } from '../../http/serial-id-param';
import { signalsSync } from '../../http/signal-sync';
import { countUnreadNotifications } from './count-unread-notifications';
import { listNotifications } from './list-notifications';
import { markNotificationRead } from './mark-notification-read';

export function notificationsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/notifications', requireUser, async (req, res) => {
    // Already JSON (composed by the database); express still adds the ETag and compresses.
    res.type('json').send(await listNotifications(deps, currentUser(req)));
  });

  router.get('/api/notifications/unread-count', requireUser, async (req, res) => {
    res.json(await countUnreadNotifications(deps, currentUser(req)));
  });

  router.patch('/api/notifications/:id/read', requireUser, signalsSync(deps.events, 'notifications'), async (req, res) => {
    const id = serialIdParam(req.params.id, NOTIFICATION_NOT_FOUND);
    res.json(await markNotificationRead(deps, currentUser(req), id));
  });

  return router;
}
