import type Stripe from 'stripe';
import type { PremiumFields } from './premium.repository';
import { endedAtOf, periodEndOf } from './stripe-time';

const LIVE = new Set<string>(['active', 'trialing']);
const ENDED = new Set<string>(['canceled', 'incomplete_expired']);

/** A subscription that is paid for now (active or trialing). */
export const isLive = (sub: Stripe.Subscription): boolean => LIVE.has(sub.status);

const newestFirst = (a: Stripe.Subscription, b: Stripe.Subscription) => (b.created ?? 0) - (a.created ?? 0);

/**
 * A member's premium as Stripe sees it now, from all of their customer's subscriptions (not from one
 * event, which may be old: Stripe redelivers for days, in no order):
 * - a live one (active or trialing) makes them premium until its period end (the latest, if several);
 * - when every one has ended and one was canceled (once paid), premium ends when the last ended;
 * - otherwise (a renewal failing, a payment still open) only the status is recorded, so premium lasts
 *   until the paid period's end.
 * Null when the customer has no subscription at all: nothing to say.
 */
export function premiumFieldsOf(subscriptions: readonly Stripe.Subscription[], now: Date): PremiumFields | null {
  if (subscriptions.length === 0) return null;
  const live = subscriptions
    .filter(isLive)
    .sort((a, b) => (periodEndOf(b)?.getTime() ?? 0) - (periodEndOf(a)?.getTime() ?? 0))[0];
  if (live) {
    return {
      stripeSubscriptionId: live.id,
      stripeSubscriptionStatus: live.status,
      cancelAtPeriodEnd: live.cancel_at_period_end ?? false,
      isPremium: true,
      premiumExpiresAt: periodEndOf(live),
    };
  }
  const latest = [...subscriptions].sort(newestFirst)[0]!;
  const recorded = { stripeSubscriptionId: latest.id, stripeSubscriptionStatus: latest.status, cancelAtPeriodEnd: false };
  const canceled = subscriptions.filter((s) => s.status === 'canceled');
  // An unpaid attempt that expired never gave premium, so it takes none away (a grant by hand stays).
  if (canceled.length === 0 || !subscriptions.every((s) => ENDED.has(s.status))) return recorded;
  const endedAt = canceled.map((s) => endedAtOf(s)?.getTime() ?? now.getTime()).reduce((a, b) => Math.max(a, b));
  return { ...recorded, isPremium: false, premiumExpiresAt: new Date(endedAt) };
}
