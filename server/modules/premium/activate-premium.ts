import type Stripe from 'stripe';
import { PREMIUM_MESSAGES, type TActivatePremiumRequest, type TActivatePremiumResult } from '@shared/schemas/premium';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { isLive } from './premium-state';
import { callStripe, StripeObjectGone } from './stripe-call';
import { idOf, requirePayments } from './stripe-client';
import { applyStripeView, readStripeView } from './stripe-view';

/**
 * Premium after a payment, never on the client's word: the payment is read from Stripe, must belong to
 * this member's customer (else 403) and have succeeded (else 409); an unknown one is 400. Premium then
 * follows the customer's subscriptions as Stripe has them (until the live one's period end).
 */
export async function activatePremium(
  deps: Pick<AppDeps, 'db' | 'config' | 'cache' | 'events' | 'logger'>,
  user: UserRow,
  input: TActivatePremiumRequest,
): Promise<TActivatePremiumResult> {
  const { stripe } = requirePayments(deps.config);
  let payment: Stripe.PaymentIntent;
  try {
    payment = await callStripe(deps.logger, () => stripe.paymentIntents.retrieve(input.paymentIntentId));
  } catch (err) {
    if (err instanceof StripeObjectGone) throw AppError.validation(PREMIUM_MESSAGES.unknownPayment);
    throw err;
  }
  const customer = idOf(payment.customer);
  if (!customer || customer !== user.stripeCustomerId) throw AppError.forbidden(PREMIUM_MESSAGES.notYourPayment);
  if (payment.status !== 'succeeded') throw AppError.conflict(PREMIUM_MESSAGES.paymentNotSucceeded);

  const view = await readStripeView(stripe, deps.logger, customer);
  if (!view.subscriptions.some(isLive)) {
    throw AppError.conflict(PREMIUM_MESSAGES.paymentNotSucceeded);
  }
  const row = await applyStripeView(deps, user, view);
  const expires = row?.premiumExpiresAt ?? null;
  return { success: true, isPremium: row?.isPremium ?? false, premiumExpiresAt: expires ? expires.toISOString() : null };
}
