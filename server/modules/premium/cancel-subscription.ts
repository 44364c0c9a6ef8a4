import { PREMIUM_MESSAGES, type TCancelSubscriptionResult } from '@shared/schemas/premium';
import { isPremiumNow } from '../../access/premium';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { isLive } from './premium-state';
import { callStripe } from './stripe-call';
import { requirePayments } from './stripe-client';
import { applyStripeView, readStripeView } from './stripe-view';

/**
 * Cancels at the period end every subscription Stripe has live for the member (not only the one stored:
 * an old event may have named another); the member keeps premium until premiumExpiresAt.
 */
export async function cancelSubscription(
  deps: Pick<AppDeps, 'db' | 'config' | 'cache' | 'events' | 'logger'>,
  user: UserRow,
): Promise<TCancelSubscriptionResult> {
  const { stripe } = requirePayments(deps.config);
  if (!user.stripeCustomerId || !isPremiumNow(user)) throw AppError.conflict(PREMIUM_MESSAGES.noSubscription);
  const view = await readStripeView(stripe, deps.logger, user.stripeCustomerId);
  const live = view.subscriptions.filter(isLive);
  if (live.length === 0) throw AppError.conflict(PREMIUM_MESSAGES.noSubscription);
  const cancelled = await Promise.all(
    live.map((s) =>
      callStripe(deps.logger, () => stripe.subscriptions.update(s.id, { cancel_at_period_end: true }, { idempotencyKey: `bb-cancel-${s.id}` })),
    ),
  );
  const byId = new Map(cancelled.map((s) => [s.id, s]));
  await applyStripeView(deps, user, { ...view, subscriptions: view.subscriptions.map((s) => byId.get(s.id) ?? s) });
  return { success: true, message: PREMIUM_MESSAGES.cancelled };
}
