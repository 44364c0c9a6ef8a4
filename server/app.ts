import { join, resolve } from 'node:path';
import { existsSync, readFileSync, statSync } from 'node:fs';
import express, { type Express, type Request } from 'express';
import { MESSAGES } from '@shared/errors';
import { STATIC_LANDING_FILE } from '@shared/static-landing';
import { invalidateAfterWrites } from './cache/public-cache';
import { trustProxySetting } from './config';
import type { AppDeps } from './deps';
import { loadUser } from './http/auth';
import { chain } from './http/chain';
import { compressAnswers } from './http/compress-answers';
import { idempotency } from './http/idempotency';
import { sameOriginGuard } from './http/csrf';
import { requestLogger } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { refuseNul } from './http/refuse-nul';
import { routeIndex } from './http/route-index';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { createSession, renewSignedInSession, type SessionSetup } from './http/session';
import { precompressedAssets, robotsTxt, sitemapXml } from './http/site-files';
import { staticLanding } from './http/static-landing';
import { healthRoutes, isHealthPath } from './modules/health/health.routes';
import { domainRoutes } from './modules/index';
import { STRIPE_WEBHOOK_PATH, stripeWebhookHandler } from './modules/premium/stripe-webhook';
import { hostedFilesHandler } from './modules/projects/hosted-files';
import { reachPageRoutes } from './modules/reach/reach.routes';
import { sharedPageHead, type PageHead } from './modules/reach/shared-page-head';
import { withHead } from './modules/reach/page-head';
import { openApiRoutes } from './openapi/openapi.routes';
import { uploadedImagesHandler } from './modules/uploads/uploads.routes';
import { findUserVersions, findVersionedUsers, type UserRow } from './modules/users/users.repository';
import { VersionedReads } from './db/versioned-reads';
import type { LiveSearchIndex } from './modules/discovery/search-index/live-search-index';


export type AppOptions = {
  sessionSecret: string;
  ping: () => Promise<void>;
  /** True once the instance is draining (SIGTERM): /api/health answers 503 so the balancer moves away. */
  draining?: () => boolean;
  /** Serve the built web app with the SPA fallback (production). */
  serveWeb?: boolean;
  /** The instance's search index (SEARCH_INDEX=worker or memory); without it search asks PostgreSQL. */
  searchIndex?: LiveSearchIndex | null;
};

export type App = { app: Express; session: SessionSetup };

/** Builds the Express app without listening, so tests can mount it on port 0. */
export function createApp(deps: AppDeps, opts: AppOptions): App {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-* are believed only when TRUST_PROXY says which proxies set them: a client can forge them.
  app.set('trust proxy', trustProxySetting(config.TRUST_PROXY));

  const logRequest = requestLogger(deps.logger);
  const headers = securityHeaders(
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Not 'self': without PREVIEW_ORIGIN, hosted projects live under /hosted/ on this origin, and a
          // script there must never run as ours. Only the built app's /assets/ may.
          scriptSrc: [(req) => appScriptSource(req as Request, config.PUBLIC_URL), 'https://js.stripe.com'],
          // The offline app shell's service worker (/sw.js, one file: no importScripts); pages under
          // /hosted/ are sandboxed (opaque origin) and cannot register one.
          workerSrc: ["'self'"],
          frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', ...(config.PREVIEW_ORIGIN ? [config.PREVIEW_ORIGIN] : [])],
          connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.secureCookies,
    },
    (req) => appScriptSource(req, config.PUBLIC_URL),
  );

  // gzip or brotli for API answers and pages (precompressed assets are already encoded and skipped).
  const compress = compressAnswers(app);

  const session = createSession({
    db: deps.db,
    redis: deps.redis,
    redisPrefix: config.REDIS_PREFIX,
    secret: opts.sessionSecret,
    secure: config.secureCookies,
    cache: deps.sessions,
  });

  // A suspended or deleted account loses every session at once, not only on its next request.
  deps.events.on('user:access-revoked', ({ userId }) => session.destroyUserSessions(userId));

  // Redis sessions come without their user: read on every request, in full only when its row changed.
  const sessionUsers = new VersionedReads<string, UserRow>({
    versions: (ids) => findUserVersions(deps.db, ids),
    rows: (ids) => findVersionedUsers(deps.db, ids),
  });

  const api = express.Router();
  // The one route exempt from the same-origin guard and sessions: Stripe's webhook is called by Stripe,
  // carries no cookie, and is authenticated by its signature over the raw body (hence before the JSON parser).
  // Its premium changes drop the cached reads they make stale themselves (apply-premium-change.ts).
  api.post(STRIPE_WEBHOOK_PATH, express.raw({ type: '*/*', limit: '1mb' }), stripeWebhookHandler(deps));
  // A request without a body (most GETs) skips the parser's checks and its debug calls.
  const json = express.json({ limit: '1mb' });
  // Every API request passes these, in this order: one layer (chain.ts), not one each.
  api.use(
    chain([
      (req, res, next) => (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined ? json(req, res, next) : next()),
      refuseNul,
      sameOriginGuard(config.PUBLIC_URL),
      session.whenNeeded,
      renewSignedInSession,
      loadUser((ids) => sessionUsers.read(ids)),
      // The rate limit first: a refused request costs no idempotency-key writes.
      deps.limiter({ name: 'api', windowMs: 60_000, limit: config.API_RATE_LIMIT, message: MESSAGES.tooManyRequests }),
      idempotency(deps.db),
      invalidateAfterWrites(deps.cache),
    ]),
  );
  api.use(routeIndex([openApiRoutes(), ...domainRoutes(deps, { searchIndex: opts.searchIndex ?? null, sessions: session })]));
  api.use('/api', notFoundHandler);
  const health = healthRoutes(opts.ping, opts.draining);
  app.use(
    chain([
      logRequest,
      headers,
      // Health first: the balancer's checks need no session, user or rate limit, and must answer under load.
      (req, res, next) => (isHealthPath(req.path) ? health(req, res, next) : next()),
      // Only /api requests pay for body parsing, the session lookup and the user load; the API compresses
      // an answer when a route sends it, other paths on every request (compress-answers.ts).
      (req, res, next) => (req.path.startsWith('/api/') ? api(req, res, next) : compress.everyAnswer(req, res, next)),
    ]),
  );

  app.get('/robots.txt', robotsTxt(config.PUBLIC_URL));
  app.get('/sitemap.xml', sitemapXml(config.PUBLIC_URL));
  app.get('/uploads/{*key}', uploadedImagesHandler(deps));
  app.use('/hosted', hostedFilesHandler(deps));
  // The embed card, link preview images and feeds: served with or without the web build.
  app.use(reachPageRoutes(deps));
  if (opts.serveWeb) serveWebApp(app, config.WEB_DIST_DIR, sharedPageHead({ db: deps.db, cache: deps.cache, publicUrl: config.PUBLIC_URL }));

  app.use(errorHandler);
  return { app, session };
}

/** The one script source of our own: the built app's hashed assets, on PUBLIC_URL or the request's host. */
function appScriptSource(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return `${new URL(publicUrl).origin}/assets/`;
  const host = req.get('host') ?? '';
  // A host that is not a plain name/address (never sent by browsers) gets no script source of ours.
  if (!/^([\w.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(host)) return 'https://js.stripe.com';
  return `${req.protocol}://${host}/assets/`;
}

/**
 * The built SPA: hashed assets cached for a year, index.html for every other GET; `/` without a session
 * gets the prerendered landing page when the build has one (server/http/static-landing.ts). A shared
 * project, profile or post gets index.html with its link preview in the head (`pageHead`).
 */
function serveWebApp(app: Express, dir: string, pageHead: (req: Request) => Promise<PageHead | null>) {
  // Absolute, or res.sendFile answers every page with a 500 when WEB_DIST_DIR is relative.
  const webDist = resolve(dir);
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) throw new Error(`The web app is not built: ${index} is missing (run npm run build:web)`);
  app.use('/assets', precompressedAssets(join(webDist, 'assets')));
  app.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  // The landing page's file is only ever sent for `/` (its script wipes the local store: never for a member).
  const landing = join(webDist, STATIC_LANDING_FILE);
  const files = express.static(webDist, { index: false });
  app.use((req, res, next) => (req.path === `/${STATIC_LANDING_FILE}` ? next() : files(req, res, next)));
  if (existsSync(landing)) app.get('/', staticLanding(landing));
  const indexHtml = fileText(index);
  app.get('/{*splat}', async (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const head = await pageHead(req);
    if (!head) return res.sendFile(index);
    res.type('html').send(withHead(indexHtml(), head));
  });
}

/** A file's text, read again only when it changes on disk (a new build under a running server). */
function fileText(file: string): () => string {
  let cached = { mtimeMs: -1, text: '' };
  return () => {
    const { mtimeMs } = statSync(file);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    return cached.text;
  };
}
