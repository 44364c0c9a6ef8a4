import { Router } from 'express';
import { ADMIN_MESSAGES, ZBlogPostInputSchema, ZPagingSchema } from '@shared/schemas/admin';
import { cachedJsonBytes, cacheKeys, PUBLIC_CACHE_TTL_MS, sendCachedJson, toCachedJson, type CachedJson, type ReadOptions } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { currentUser, requireAdmin } from '../../http/auth';
import { serialIdParam } from '../../http/serial-id-param';
import { parse } from '../../http/validate';
import { createBlogPost } from './create-blog-post';
import { deleteBlogPost } from './delete-blog-post';
import { getBlogPost } from './get-blog-post';
import { listBlogPosts } from './list-blog-posts';
import { updateBlogPost } from './update-blog-post';

const blogCaching: ReadOptions<CachedJson> = { ttlMs: PUBLIC_CACHE_TTL_MS.blog, bytes: cachedJsonBytes };

/** The blog: read by everyone, written by admins. */
export function blogRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db, cache } = deps;
  router.use('/api/admin/blog', requireAdmin);

  // The same for everyone: served from the public cache (any admin write drops it), revalidated by ETag.
  router.get('/api/blog', async (req, res) => {
    const page = parse(ZPagingSchema, req.query);
    const load = async () => toCachedJson(await listBlogPosts({ db }, page));
    sendCachedJson(res, await cache.read(cacheKeys.blogList(page.limit, page.offset), load, blogCaching), 'public, no-cache');
  });

  router.get('/api/blog/:slug', async (req, res) => {
    const { slug } = req.params;
    const load = async () => toCachedJson(await getBlogPost({ db }, slug));
    sendCachedJson(res, await cache.read(cacheKeys.blogPost(slug), load, blogCaching), 'public, no-cache');
  });

  router.post('/api/admin/blog', async (req, res) => {
    res.status(201).json(await createBlogPost({ db, events: deps.events }, currentUser(req), parse(ZBlogPostInputSchema, req.body)));
  });

  router.put('/api/admin/blog/:id', async (req, res) => {
    const id = serialIdParam(req.params.id, ADMIN_MESSAGES.blogPostNotFound);
    res.json(await updateBlogPost({ db }, currentUser(req), id, parse(ZBlogPostInputSchema, req.body)));
  });

  router.delete('/api/admin/blog/:id', async (req, res) => {
    await deleteBlogPost({ db }, currentUser(req), serialIdParam(req.params.id, ADMIN_MESSAGES.blogPostNotFound));
    res.status(204).end();
  });

  return router;
}
