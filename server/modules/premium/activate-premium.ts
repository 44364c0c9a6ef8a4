import Stripe from 'stripe';
import { PREMIUM_MESSAGES, type TActivatePremiumRequest, type TActivatePremiumResult } from '@shared/schemas/premium';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { idOf, requirePayments } from './stripe-client';
import { syncSubscription } from './sync-subscription';

/**
 * Premium after a payment, never on the client's word: the payment is read from Stripe, must belong to
 * this member's customer (else 403) and have succeeded (else 409); an unknown one is 400. Premium then
 * lasts until the subscription's current period end.
 */
export async function activatePremium(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: UserRow,
  input: TActivatePremiumRequest,
): Promise<TActivatePremiumResult> {
  const { stripe } = requirePayments(deps.config);
  let payment: Stripe.PaymentIntent;
  try {
    payment = await stripe.paymentIntents.retrieve(input.paymentIntentId);
  } catch (err) {
    if (err instanceof Stripe.errors.StripeInvalidRequestError) throw AppError.validation(PREMIUM_MESSAGES.unknownPayment);
    throw err;
  }
  const customer = idOf(payment.customer);
  if (!customer || customer !== user.stripeCustomerId) throw AppError.forbidden(PREMIUM_MESSAGES.notYourPayment);
  if (payment.status !== 'succeeded') throw AppError.conflict(PREMIUM_MESSAGES.paymentNotSucceeded);

  const subs = await stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
  const live = subs.data.find((s) => s.status === 'active' || s.status === 'trialing');
  if (!live) throw AppError.conflict(PREMIUM_MESSAGES.paymentNotSucceeded);
  const row = await syncSubscription(deps, user.id, live);
  const expires = row?.premiumExpiresAt ?? null;
  return { success: true, isPremium: row?.isPremium ?? false, premiumExpiresAt: expires ? expires.toISOString() : null };
}
