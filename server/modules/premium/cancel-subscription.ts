import { PREMIUM_MESSAGES, type TCancelSubscriptionResult } from '@shared/schemas/premium';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { isPremiumNow } from '../users/to-current-user';
import { requirePayments } from './stripe-client';
import { syncSubscription } from './sync-subscription';

/** Cancels at the period end: the member keeps premium until premiumExpiresAt. */
export async function cancelSubscription(deps: Pick<AppDeps, 'db' | 'config'>, user: UserRow): Promise<TCancelSubscriptionResult> {
  const { stripe } = requirePayments(deps.config);
  if (!user.stripeSubscriptionId || !isPremiumNow(user)) throw AppError.conflict(PREMIUM_MESSAGES.noSubscription);
  const sub = await stripe.subscriptions.update(
    user.stripeSubscriptionId,
    { cancel_at_period_end: true },
    { idempotencyKey: `bb-cancel-${user.stripeSubscriptionId}` },
  );
  await syncSubscription(deps, user.id, sub);
  return { success: true, message: PREMIUM_MESSAGES.cancelled };
}
