import { Router, type Request, type Response } from 'express';
import { ZOembedQuerySchema } from '@shared/schemas/reach';
import { cacheKeys, sendCachedJson, toCachedJson, type PublicCache } from '../../cache/public-cache';
import type { AppDeps } from '../../deps';
import { originOf } from '../../http/site-files';
import { parse } from '../../http/validate';
import { projectCardSvg, renderCardPng, siteCardSvg } from './card-image';
import { EMBED_HEADERS, readEmbedCard, renderEmbedGone, renderEmbedPage } from './embed-page';
import { readBlogFeed, readCreatorFeed, renderAtom, renderRss, type Feed } from './feeds';
import { getOembed } from './get-oembed';
import { sharedPageOf } from './shared-pages';

/** GET /api/oembed: the oEmbed answer for a project, profile or post address of this site. */
export function oembedRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/api/oembed', async (req, res) => {
    const query = parse(ZOembedQuerySchema, req.query);
    const answer = await getOembed(deps, originOf(req, deps.config.PUBLIC_URL), query);
    // The same for everyone: consumers and shared caches may keep it a while.
    sendCachedJson(res, toCachedJson(answer), 'public, max-age=300');
  });
  return router;
}

/** A project id in a page's path, or null when it can name no project. */
function projectIdOf(raw: unknown): number | null {
  return typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

function sendXml(res: Response, type: string, xml: string) {
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.type(type).send(xml);
}

/** Card images: rendered once per project state and kept in the public cache (a write to the project drops it). */
async function readCardPng(cache: PublicCache, key: string, render: () => Promise<Buffer | null>): Promise<Buffer | null> {
  return cache.read(key, render, { ttlMs: 10 * 60_000, bytes: (png) => png?.length ?? 0 });
}

/**
 * The pages that reach beyond the app, outside /api: the embed card other sites frame, the generated
 * card images of link previews, and the feeds (RSS 2.0 at feed.xml, Atom at atom.xml).
 */
export function reachPageRoutes(deps: AppDeps): Router {
  const router = Router();
  const origin = (req: Request) => originOf(req, deps.config.PUBLIC_URL);

  router.get('/embed/project/:id', async (req, res) => {
    const id = projectIdOf(req.params.id);
    const card = id === null ? null : await readEmbedCard(deps, id);
    // Only this page may be framed elsewhere: helmet's SAMEORIGIN and frame-ancestors 'self' give way here.
    res.removeHeader('X-Frame-Options');
    for (const [name, value] of Object.entries(EMBED_HEADERS)) res.setHeader(name, value);
    res.status(card ? 200 : 404).type('html').send(card ? renderEmbedPage(origin(req), card) : renderEmbedGone());
  });

  router.get('/og/project/:id.png', async (req, res) => {
    const id = projectIdOf(req.params.id);
    const png =
      id === null
        ? null
        : await readCardPng(deps.cache, cacheKeys.cardImage(`project:${id}`), async () => {
            const card = await readEmbedCard(deps, id);
            return card && renderCardPng(projectCardSvg(card));
          });
    if (!png) return void res.status(404).type('text/plain').send('Not found');
    res.setHeader('Cache-Control', 'public, max-age=600');
    res.type('png').send(png);
  });

  router.get('/og/site.png', async (_req, res) => {
    const png = await readCardPng(deps.cache, cacheKeys.cardImage('site'), () => renderCardPng(siteCardSvg()));
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('png').send(png);
  });

  const feed = (read: (req: Request) => Promise<Feed | null>, render: typeof renderRss, type: string) => async (req: Request, res: Response) => {
    const f = await read(req);
    if (!f) return void res.status(404).type('text/plain').send('Not found');
    sendXml(res, type, render(origin(req), f));
  };
  const creator = (req: Request) => {
    const page = sharedPageOf(`/profile/${String(req.params.handle)}`);
    return page?.kind === 'profile' ? readCreatorFeed(deps, page.key) : Promise.resolve(null);
  };
  router.get('/blog/feed.xml', feed(() => readBlogFeed(deps), renderRss, 'application/rss+xml'));
  router.get('/blog/atom.xml', feed(() => readBlogFeed(deps), renderAtom, 'application/atom+xml'));
  router.get('/profile/:handle/feed.xml', feed(creator, renderRss, 'application/rss+xml'));
  router.get('/profile/:handle/atom.xml', feed(creator, renderAtom, 'application/atom+xml'));
  return router;
}
