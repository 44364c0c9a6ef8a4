import { Router } from 'express';
import { MESSAGES } from '@shared/errors';
import { ZRecommendedQuerySchema, ZSearchQuerySchema } from '@shared/schemas/discovery';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, cachedJsonOfText, sendCachedJson, toCachedJson, type CachedJson } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { readFollowingProjects } from './list-following-projects';
import { readRecommendedProjects } from './list-recommended-projects';
import { listTrendingProjects } from './list-trending-projects';
import { searchPageKey, SearchResultCache } from './search-cache';
import { rankSearch, searchContent, type SearchHits } from './search-content';
import type { LiveSearchIndex } from './search-index/live-search-index';

/** Explore's feeds and search. Mounted before the projects router so /api/projects/:id does not swallow them. */
export function discoveryRoutes(deps: AppDeps, searchIndex: LiveSearchIndex | null = null): Router {
  const router = Router();
  const ctx = {
    db: deps.db,
    previewOrigin: deps.config.PREVIEW_ORIGIN,
    events: deps.events,
    cache: deps.cache,
    searchIndex: searchIndex ?? undefined,
  };
  const searches = new SearchResultCache<{ json: CachedJson; shows: number[] }>();
  // A query's ranking, kept as long as its pages: 'Show more' cuts the next page from the ranking the
  // first came from instead of ranking again (and a project written since cannot repeat one shown).
  const rankings = new SearchResultCache<SearchHits>();
  // Every write the public cache hears of (any successful API write that others could read, on any
  // instance) empties the shared search answers before its answer leaves: search shows edits and counters.
  // A like or a comment drops only the answers showing its project (a new comment matching some query
  // shows there within the search TTL).
  deps.cache.onDrop((scope) => {
    for (const cache of [searches, rankings]) {
      if ('counters' in scope) cache.dropShowing(scope.counters);
      else cache.clear();
    }
  });
  const rank = (text: string) => rankings.read(text, () => rankSearch(ctx, text), (hits) => hits.projectIds);

  // Per member, cached until a write changes what it lists (readFollowingProjects), revalidated by ETag.
  router.get('/api/projects/following', requireUser, async (req, res) => {
    sendCachedJson(res, await readFollowingProjects(ctx, currentUser(req).id), 'private, no-cache');
  });

  // Trending loads for everyone, signed in or not.
  // The same for everyone: served from the public cache, revalidated by ETag.
  router.get('/api/projects/trending', async (_req, res) => {
    // Kept with the projects it shows, so that a like on one of them drops it and a like elsewhere does not.
    const load = async () => {
      const projects = await listTrendingProjects(ctx);
      return { json: toCachedJson(projects), shows: projects.map((p) => p.id) };
    };
    const cached = await deps.cache.readJson(cacheKeys.trending, load, { ttlMs: PUBLIC_CACHE_TTL_MS.trending });
    sendCachedJson(res, cached, 'public, no-cache');
  });

  // Per member and page, cached until a write or a new ranking changes it (readRecommendedProjects).
  router.get('/api/projects/recommended', requireUser, async (req, res) => {
    const page = parse(ZRecommendedQuerySchema, req.query);
    sendCachedJson(res, await readRecommendedProjects(ctx, currentUser(req).id, page), 'private, no-cache');
  });

  // Search is the heaviest read: a generous per-member budget keeps one client from hogging the database.
  const searchLimit = deps.limiter({
    name: 'search',
    windowMs: 60 * 1000,
    limit: deps.config.SEARCH_RATE_LIMIT,
    message: MESSAGES.tooManyRequests,
    key: (req) => `user:${req.user?.id ?? req.ip ?? ''}`,
  });

  router.get('/api/search', requireUser, searchLimit, async (req, res) => {
    const query = parse(ZSearchQuerySchema, req.query);
    // The same answer for every member: shared for a few seconds (search-cache.ts), each page apart.
    const load = async () => {
      const answer = await searchContent(ctx, query, rank);
      return { json: cachedJsonOfText(answer.json), shows: answer.shows };
    };
    const cached = await searches.read(searchPageKey(query), load, (answer) => answer.shows);
    sendCachedJson(res, cached.json, 'private, no-cache');
  });

  return router;
}
