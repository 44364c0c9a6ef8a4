import type { RequestHandler } from 'express';
import type Stripe from 'stripe';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import { AppError } from '../../errors';
import { handleInvoicePaid } from './handle-invoice-paid';
import { handleInvoicePaymentFailed } from './handle-invoice-payment-failed';
import { handleSubscriptionEvent } from './handle-subscription-event';
import { recordStripeEvent, stripeEventSeen } from './premium.repository';
import { StripeObjectGone } from './stripe-call';
import { stripeClientOf } from './stripe-client';
import { EventCannotApply, ledgerEntryOf, type StripeEventHandler, type WebhookDeps } from './stripe-event-handler';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

/** The events Buildboard acts on, each with its handler; any other type is acknowledged and ignored. */
const HANDLERS: Partial<Record<Stripe.Event.Type, StripeEventHandler>> = {
  'customer.subscription.created': handleSubscriptionEvent,
  'customer.subscription.updated': handleSubscriptionEvent,
  'customer.subscription.deleted': handleSubscriptionEvent,
  'invoice.paid': handleInvoicePaid,
  'invoice.payment_failed': handleInvoicePaymentFailed,
};

/**
 * POST /api/stripe/webhook: Stripe calls it, not a browser, so it has no session and no CSRF token;
 * the signature over the raw body (STRIPE_WEBHOOK_SECRET) is its authentication: a missing or bad one
 * answers 401 and changes nothing. An event applied before, of a type we do not handle, or that can
 * never apply is answered 200 (Stripe stops sending it); 5xx only when a retry can succeed (Stripe or
 * the database unreachable), and never with Stripe's own error text.
 */
export function stripeWebhookHandler(deps: WebhookDeps): RequestHandler {
  return async (req, res) => {
    const secret = deps.config.STRIPE_WEBHOOK_SECRET;
    const stripe = stripeClientOf(deps.config);
    if (!secret || !stripe) throw new AppError('UNAVAILABLE', PREMIUM_MESSAGES.notConfigured);
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) throw AppError.unauthorized(PREMIUM_MESSAGES.invalidSignature);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(req.body, signature, secret);
    } catch {
      throw AppError.unauthorized(PREMIUM_MESSAGES.invalidSignature);
    }
    const handler = HANDLERS[event.type];
    if (handler && !(await stripeEventSeen(deps.db, event.id))) {
      try {
        await handler(deps, stripe, event);
      } catch (err) {
        if (!(err instanceof EventCannotApply || err instanceof StripeObjectGone)) throw err;
        req.log?.info({ eventId: event.id, eventType: event.type, reason: err.message }, 'stripe event can never apply');
        await recordStripeEvent(deps.db, ledgerEntryOf(event));
      }
    }
    res.json({ received: true });
  };
}
