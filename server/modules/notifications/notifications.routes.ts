import { Router } from 'express';
import { NOTIFICATION_NOT_FOUND } from '@shared/schemas/notification';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { currentUser, requireUser } from '../../http/auth';
import { countUnreadNotifications } from './count-unread-notifications';
import { listNotifications } from './list-notifications';
import { markNotificationRead } from './mark-notification-read';

/** A notification id route parameter: anything but a positive int4 names none, so it is 404. */
function notificationIdParam(raw: unknown): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw AppError.notFound(NOTIFICATION_NOT_FOUND);
  }
  return Number(raw);
}

export function notificationsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/notifications', requireUser, async (req, res) => {
    res.json(await listNotifications(deps, currentUser(req)));
  });

  router.get('/api/notifications/unread-count', requireUser, async (req, res) => {
    res.json(await countUnreadNotifications(deps, currentUser(req)));
  });

  router.patch('/api/notifications/:id/read', requireUser, async (req, res) => {
    const id = notificationIdParam(req.params.id);
    res.json(await markNotificationRead(deps, currentUser(req), id));
  });

  return router;
}
