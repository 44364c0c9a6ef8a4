import Stripe from 'stripe';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';

/**
 * What Stripe no longer has (a deleted customer, subscription or payment): asking again never helps,
 * so a webhook about it is acknowledged and a member's request gets its own clear answer.
 */
export class StripeObjectGone extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'StripeObjectGone';
  }
}

/**
 * Runs one call to Stripe. Stripe's error texts never reach our callers: a missing object becomes
 * StripeObjectGone; anything else Stripe or the network refused (outage, rate limit, bad key) is logged
 * and becomes 503 with our own message, which tells a webhook sender to retry later.
 */
export async function callStripe<T>(logger: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    if (err.code === 'resource_missing') throw new StripeObjectGone(err.message);
    logger.warn({ err, stripeType: err.type, stripeStatus: err.statusCode }, 'stripe call failed');
    throw new AppError('UNAVAILABLE', PREMIUM_MESSAGES.unavailable);
  }
}
