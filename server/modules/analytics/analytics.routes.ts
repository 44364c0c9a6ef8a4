import { Router } from 'express';
import { ZAnalyticsQuerySchema } from '@shared/schemas/analytics';
import { sendCachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { readAnalytics } from './get-analytics';

export function analyticsRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/analytics', requireUser, async (req, res) => {
    // Per creator, cached until their counters move (readAnalytics), revalidated by ETag.
    sendCachedJson(res, await readAnalytics(deps, currentUser(req), parse(ZAnalyticsQuerySchema, req.query)), 'private, no-cache');
  });

  return router;
}
