import { Router } from 'express';
import { NOTIFICATION_NOT_FOUND } from '@shared/schemas/notification';
import { sendCachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { serialIdParam } from '../../http/serial-id-param';
import { signalsSync } from '../../http/signal-sync';
import { countUnreadNotifications } from './count-unread-notifications';
import { readNotifications } from './read-notifications';
import { markNotificationRead } from './mark-notification-read';

export function notificationsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/notifications', requireUser, async (req, res) => {
    // Per member, cached until one changes (readNotifications), revalidated by ETag.
    sendCachedJson(res, await readNotifications(deps, currentUser(req)), 'private, no-cache');
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
