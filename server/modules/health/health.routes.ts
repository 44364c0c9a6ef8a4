import { Router } from 'express';

const LIVENESS_PATH = '/api/health';
const READINESS_PATH = '/api/ready';
/** The paths healthRoutes answers, as Express matches them (any case, an optional trailing slash). */
const HEALTH_PATH = new RegExp(`^(${LIVENESS_PATH}|${READINESS_PATH})/?$`, 'i');

/** Whether healthRoutes answers this path: other requests skip its router. */
export function isHealthPath(path: string): boolean {
  return HEALTH_PATH.test(path);
}

export function healthRoutes(ping: () => Promise<void>, draining: () => boolean = () => false): Router {
  const router = Router();
  // Liveness: the process answers. While draining (SIGTERM) 503, so the balancer sends new work elsewhere.
  router.get(LIVENESS_PATH, (_req, res) => {
    if (draining()) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    res.json({ status: 'ok' });
  });
  // Readiness: the database answers too.
  router.get(READINESS_PATH, async (req, res) => {
    try {
      await ping();
      res.json({ status: 'ready' });
    } catch (err) {
      req.log.warn({ err }, 'readiness check failed');
      res.status(503).json({ message: 'Database unavailable' });
    }
  });
  return router;
}
