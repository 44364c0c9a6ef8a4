import { Router } from 'express';
import { ZAnalyticsQuerySchema } from '@shared/schemas/analytics';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { getAnalytics } from './get-analytics';

export function analyticsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/analytics', requireUser, async (req, res) => {
    res.json(await getAnalytics(deps, currentUser(req), parse(ZAnalyticsQuerySchema, req.query)));
  });

  return router;
}
