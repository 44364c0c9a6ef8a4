import type { Router } from 'express';
import type { AppDeps } from '../deps';
import { authRoutes } from './auth/auth.routes';
import { discoveryRoutes } from './discovery/discovery.routes';
import { interactionsRoutes } from './interactions/interactions.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { projectsRoutes } from './projects/projects.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { usersRoutes } from './users/users.routes';

/**
 * Every domain's router, in mounting order. Fixed paths such as /api/projects/following come before
 * the /api/projects/:id routes that would otherwise swallow them.
 */
export function domainRoutes(deps: AppDeps): Router[] {
  return [
    authRoutes(deps),
    usersRoutes(deps),
    discoveryRoutes(deps),
    projectsRoutes(deps),
    interactionsRoutes(deps),
    notificationsRoutes(deps),
    uploadsRoutes(deps),
  ];
}
