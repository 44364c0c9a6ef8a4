import type Stripe from 'stripe';
import type { Logger } from '../../logger';
import type { UserRow } from '../users/users.repository';
import { applyPremiumChange, type PremiumChange, type PremiumDeps } from './apply-premium-change';
import { premiumFieldsOf } from './premium-state';
import { callStripe } from './stripe-call';

/** Every subscription of a customer as Stripe has them now, and when that read began. */
export type StripeView = { subscriptions: Stripe.Subscription[]; readAt: Date };

/** Stripe's current view of a customer's subscriptions (all statuses, every page). */
export async function readStripeView(
  stripe: Stripe,
  logger: Logger,
  customer: string,
  params: Pick<Stripe.SubscriptionListParams, 'expand'> = {},
): Promise<StripeView> {
  const readAt = new Date();
  const subscriptions = await callStripe(logger, () =>
    stripe.subscriptions.list({ customer, status: 'all', limit: 100, ...params }).autoPagingToArray({ limit: 10_000 }),
  );
  return { subscriptions, readAt };
}

/** Stores what a view of Stripe says about the member's premium, through the one path of premium changes. */
export function applyStripeView(
  deps: PremiumDeps,
  member: Pick<UserRow, 'id'>,
  view: StripeView,
  extra: Pick<PremiumChange, 'stripeEvent' | 'notification'> = {},
): Promise<UserRow | undefined> {
  return applyPremiumChange(deps, member.id, { fields: premiumFieldsOf(view.subscriptions, view.readAt), readAt: view.readAt, ...extra });
}
