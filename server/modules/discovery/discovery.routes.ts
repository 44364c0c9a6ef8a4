import { Router } from 'express';
import { MESSAGES } from '@shared/errors';
import { ZRecommendedQuerySchema, ZSearchQuerySchema } from '@shared/schemas/discovery';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, sendCachedJson, toCachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { listFollowingProjects } from './list-following-projects';
import { listRecommendedProjects } from './list-recommended-projects';
import { listTrendingProjects } from './list-trending-projects';
import { searchContent } from './search-content';

const SEARCHES_PER_MINUTE = 120;

/** Explore's feeds and search. Mounted before the projects router so /api/projects/:id does not swallow them. */
export function discoveryRoutes(deps: AppDeps): Router {
  const router = Router();
  const ctx = { db: deps.db, previewOrigin: deps.config.PREVIEW_ORIGIN };

  router.get('/api/projects/following', requireUser, async (req, res) => {
    res.json(await listFollowingProjects(ctx, currentUser(req).id));
  });

  // Trending loads for everyone (spec section 6).
  // The same for everyone: served from the public cache, revalidated by ETag.
  router.get('/api/projects/trending', async (_req, res) => {
    const cached = await deps.cache.read(cacheKeys.trending, PUBLIC_CACHE_TTL_MS.trending, async () => toCachedJson(await listTrendingProjects(ctx)));
    sendCachedJson(res, cached, 'public, no-cache');
  });

  router.get('/api/projects/recommended', requireUser, async (req, res) => {
    const page = parse(ZRecommendedQuerySchema, req.query);
    res.json(await listRecommendedProjects(ctx, currentUser(req).id, page));
  });

  // Search is the heaviest read: a generous per-member budget keeps one client from hogging the database.
  const searchLimit = deps.limiter({
    name: 'search',
    windowMs: 60 * 1000,
    limit: SEARCHES_PER_MINUTE,
    message: MESSAGES.tooManyRequests,
    key: (req) => `user:${req.user?.id ?? req.ip ?? ''}`,
  });

  router.get('/api/search', requireUser, searchLimit, async (req, res) => {
    const { q } = parse(ZSearchQuerySchema, req.query);
    res.json(await searchContent(ctx, q));
  });

  return router;
}
