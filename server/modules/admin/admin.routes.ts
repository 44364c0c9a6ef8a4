import { uuidParam } from '../../http/serial-id-param';
import { Router } from 'express';
import { ADMIN_MESSAGES, ZAdminUsersQuerySchema, ZSuspendRequestSchema } from '@shared/schemas/admin';
import type { AppDeps } from '../../deps';
import { currentUser, requireAdmin } from '../../http/auth';
import { parse } from '../../http/validate';
import { deleteUser } from './delete-user';
import { getAdminStats } from './get-admin-stats';
import { getAdminUser } from './get-admin-user';
import { listAdminUserProjects } from './list-admin-user-projects';
import { listAdminUsers } from './list-admin-users';
import { listUserAudit } from './list-user-audit';
import { suspendUser } from './suspend-user';
import { unsuspendUser } from './unsuspend-user';

/** A {id} route parameter of a user: a uuid, else it names nobody (404). */
const userIdParam = (raw: unknown): string => uuidParam(raw, ADMIN_MESSAGES.userNotFound);

/**
 * The admin portal's user management. Every route is behind requireAdmin, which reads
 * the admin flag of the user loaded from the database on this request: visitors 401, members 403.
 */
export function adminRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  router.use('/api/admin', requireAdmin);

  router.get('/api/admin/stats', async (_req, res) => {
    res.json(await getAdminStats({ db }));
  });

  router.get('/api/admin/users', async (req, res) => {
    res.json(await listAdminUsers({ db }, parse(ZAdminUsersQuerySchema, req.query)));
  });

  router.get('/api/admin/users/:id', async (req, res) => {
    res.json(await getAdminUser({ db }, currentUser(req), userIdParam(req.params.id)));
  });

  router.get('/api/admin/users/:id/projects', async (req, res) => {
    res.json(await listAdminUserProjects({ db, previewOrigin: deps.config.PREVIEW_ORIGIN }, userIdParam(req.params.id)));
  });

  router.get('/api/admin/users/:id/audit', async (req, res) => {
    res.json(await listUserAudit({ db }, userIdParam(req.params.id)));
  });

  router.post('/api/admin/users/:id/suspend', async (req, res) => {
    const id = userIdParam(req.params.id);
    res.json(await suspendUser(deps, currentUser(req), id, parse(ZSuspendRequestSchema, req.body)));
  });

  router.post('/api/admin/users/:id/unsuspend', async (req, res) => {
    res.json(await unsuspendUser({ db }, currentUser(req), userIdParam(req.params.id)));
  });

  router.delete('/api/admin/users/:id', async (req, res) => {
    await deleteUser(deps, currentUser(req), userIdParam(req.params.id));
    res.status(204).end();
  });

  return router;
}
