import { Router } from 'express';
import { ZActivatePremiumSchema } from '@shared/schemas/premium';
import type { AppDeps } from '../../deps';
import { currentUser, requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import { activatePremium } from './activate-premium';
import { cancelSubscription } from './cancel-subscription';
import { createSubscription } from './create-subscription';
import { getSubscriptionStatus } from './get-subscription-status';

/** The four subscription routes the subscribe page calls (the webhook is mounted before the body parsers, in app.ts). */
export function premiumRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/api/subscription/status', requireUser, (req, res) => {
    res.json(getSubscriptionStatus(deps.config, currentUser(req)));
  });

  router.post('/api/create-subscription', requireUser, async (req, res) => {
    res.json(await createSubscription(deps, currentUser(req)));
  });

  router.post('/api/activate-premium', requireUser, async (req, res) => {
    res.json(await activatePremium(deps, currentUser(req), parse(ZActivatePremiumSchema, req.body ?? {})));
  });

  router.post('/api/cancel-subscription', requireUser, async (req, res) => {
    res.json(await cancelSubscription(deps, currentUser(req)));
  });

  return router;
}
