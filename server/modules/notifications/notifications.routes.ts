import { Router } from 'express';
import type { AppDeps } from '../../deps';

export function notificationsRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
