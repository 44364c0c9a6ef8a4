import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../users/users.repository';
import { lockUser, setPremiumFields, type PremiumFields } from './premium.repository';
import { periodEndOf } from './stripe-client';

const LIVE = new Set(['active', 'trialing']);
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Writes what a Stripe subscription says about the member: active or trialing means premium until the
 * period end; canceled ends premium; other states (incomplete, past_due...) only record the status, so
 * a failed renewal keeps premium until premiumExpiresAt passes.
 *
 * Webhooks may arrive out of order: an event older (by Stripe's `created`) than the last one applied to
 * the same subscription changes nothing, and a canceled subscription never comes back. `fresh` states
 * were just read from Stripe (activation, cancel, invoice.paid) and are always current.
 * Answers the member's row afterwards, or undefined when nothing changed.
 */
export async function applySubscriptionState(
  tx: DbOrTx,
  userId: string,
  sub: Stripe.Subscription,
  at: Date,
  opts: { fresh: boolean },
): Promise<UserRow | undefined> {
  const user = await lockUser(tx, userId);
  if (!user) return undefined;
  const same = user.stripeSubscriptionId === sub.id;
  const live = LIVE.has(sub.status);
  if (!same && user.stripeSubscriptionId && !live && user.stripeSubscriptionStatus && LIVE.has(user.stripeSubscriptionStatus)) {
    // News about another, dead or unpaid subscription never replaces the one that pays.
    return undefined;
  }
  if (same && !opts.fresh) {
    if (user.stripeStateAt && at.getTime() < user.stripeStateAt.getTime()) return undefined;
    if (user.stripeSubscriptionStatus && ENDED.has(user.stripeSubscriptionStatus) && !ENDED.has(sub.status)) return undefined;
  }
  const previous = same ? user.stripeStateAt : null;
  const values: PremiumFields = {
    stripeSubscriptionId: sub.id,
    stripeSubscriptionStatus: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end ?? false,
    stripeStateAt: previous && previous.getTime() > at.getTime() ? previous : at,
  };
  if (live) {
    values.isPremium = true;
    values.premiumExpiresAt = periodEndOf(sub);
  } else if (ENDED.has(sub.status)) {
    values.isPremium = false;
    values.cancelAtPeriodEnd = false;
    const endedAt = (sub as { ended_at?: number | null }).ended_at;
    values.premiumExpiresAt = endedAt ? new Date(endedAt * 1000) : at;
  }
  return setPremiumFields(tx, userId, values);
}
