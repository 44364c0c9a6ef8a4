import type { RequestHandler } from 'express';
import type Stripe from 'stripe';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { handleStripeEvent } from './handle-stripe-event';
import { stripeClientOf } from './stripe-client';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/**
 * POST /api/stripe/webhook: Stripe calls it, not a browser, so it has no session and no CSRF token;
 * the signature over the raw body (STRIPE_WEBHOOK_SECRET) is its authentication. A missing or bad
 * signature answers 400 and changes nothing.
 */
export function stripeWebhookHandler(deps: Pick<AppDeps, 'db' | 'config' | 'events'>): RequestHandler {
  return async (req, res) => {
    const secret = deps.config.STRIPE_WEBHOOK_SECRET;
    const stripe = stripeClientOf(deps.config);
    if (!secret || !stripe) throw new AppError('UNAVAILABLE', PREMIUM_MESSAGES.notConfigured);
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) throw AppError.validation(PREMIUM_MESSAGES.invalidSignature);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret);
    } catch {
      throw AppError.validation(PREMIUM_MESSAGES.invalidSignature);
    }
    await handleStripeEvent(deps, event);
    res.json({ received: true });
  };
}
