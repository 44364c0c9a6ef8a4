import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { MESSAGES } from '@shared/errors';
import type { AppDeps } from './deps';
import { loadUser } from './http/auth';
import { sameOriginGuard } from './http/csrf';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { createSession, type SessionSetup } from './http/session';
import { healthRoutes } from './modules/health/health.routes';
import { domainRoutes } from './modules/index';
import { hostedFilesHandler } from './modules/projects/hosted-files';
import { uploadedImagesHandler } from './modules/uploads/uploads.routes';


export type AppOptions = {
  sessionSecret: string;
  ping: () => Promise<void>;
  /** Serve the built web app with the SPA fallback (production). */
  serveWeb?: boolean;
};

export type App = { app: Express; session: SessionSetup };

/** Builds the Express app without listening, so tests can mount it on port 0. */
export function createApp(deps: AppDeps, opts: AppOptions): App {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    }),
  );

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com'],
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
    }),
  );

  const session = createSession({
    db: deps.db,
    redis: deps.redis,
    redisPrefix: config.REDIS_PREFIX,
    secret: opts.sessionSecret,
    secure: config.secureCookies,
  });

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(sameOriginGuard(config.PUBLIC_URL));
  api.use(session.middleware);
  api.use(loadUser(deps.db));
  api.use(
    '/api',
    deps.limiter({ name: 'api', windowMs: 60_000, limit: config.API_RATE_LIMIT, message: MESSAGES.tooManyRequests }),
  );
  api.use(healthRoutes(opts.ping));
  for (const router of domainRoutes(deps)) api.use(router);
  api.use('/api', notFoundHandler);
  // Only /api requests pay for body parsing, the session lookup and the user load.
  app.use((req, res, next) => (req.path.startsWith('/api/') ? api(req, res, next) : next()));

  app.get('/uploads/{*key}', uploadedImagesHandler(deps));
  app.use('/hosted', hostedFilesHandler(deps));
  if (opts.serveWeb) serveWebApp(app, config.WEB_DIST_DIR);

  app.use(errorHandler);
  return { app, session };
}

/** The built SPA: hashed assets cached for a year, index.html for every other GET. */
function serveWebApp(app: Express, webDist: string) {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) throw new Error(`The web app is not built: ${index} is missing (run npm run build:web)`);
  app.use('/assets', express.static(join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDist, { index: false }));
  app.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
