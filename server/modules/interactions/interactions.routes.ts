import { Router } from 'express';
import type { AppDeps } from '../../deps';

export function interactionsRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
