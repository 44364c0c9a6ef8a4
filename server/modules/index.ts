import type { Router } from 'express';
import type { AppDeps } from '../deps';
import type { SessionSetup } from '../http/session';
import type { LiveSearchIndex } from './discovery/search-index/live-search-index';
import { accountRoutes } from './account/account.routes';
import { adminRoutes } from './admin/admin.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { authRoutes } from './auth/auth.routes';
import { recoveryRoutes } from './auth/recovery.routes';
import { blogRoutes } from './blog/blog.routes';
import { discoveryRoutes } from './discovery/discovery.routes';
import { interactionsRoutes } from './interactions/interactions.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { notificationSettingsRoutes } from './notifications/notification-settings.routes';
import { premiumRoutes } from './premium/premium.routes';
import { projectVersionsRoutes } from './projects/project-versions.routes';
import { projectsRoutes } from './projects/projects.routes';
import { oembedRoutes } from './reach/reach.routes';
import { reportsRoutes } from './reports/reports.routes';
import { syncRoutes } from './sync/sync.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { usersRoutes } from './users/users.routes';

/** Parts of modules the instance runs beside the routes. */
export type ModuleParts = { searchIndex: LiveSearchIndex | null; sessions: SessionSetup };

/**
 * Every domain's router, in mounting order. Fixed paths such as /api/projects/following come before
 * the /api/projects/:id routes that would otherwise swallow them.
 */
export function domainRoutes(deps: AppDeps, parts: ModuleParts): Router[] {
  return [
    authRoutes(deps, parts.sessions),
    recoveryRoutes(deps, parts.sessions),
    accountRoutes(deps, parts.sessions),
    usersRoutes(deps),
    discoveryRoutes(deps, parts.searchIndex),
    projectsRoutes(deps),
    projectVersionsRoutes(deps),
    interactionsRoutes(deps),
    notificationsRoutes(deps),
    notificationSettingsRoutes(deps),
    uploadsRoutes(deps),
    blogRoutes(deps),
    reportsRoutes(deps),
    adminRoutes(deps),
    syncRoutes(deps),
    premiumRoutes(deps),
    analyticsRoutes(deps),
    oembedRoutes(deps),
  ];
}
