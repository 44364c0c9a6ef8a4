import { Router } from 'express';

export function healthRoutes(ping: () => Promise<void>): Router {
  const router = Router();
  // Liveness: the process answers.
  router.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Readiness: the database answers too.
  router.get('/api/ready', async (req, res) => {
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
