import type Stripe from 'stripe';
import type { AppDeps } from '../../deps';
import { refreshAuthorTrendingScores } from '../discovery/discovery.repository';
import type { UserRow } from '../users/users.repository';
import { applySubscriptionState } from './subscription-state';

/**
 * Stores a subscription state just read from Stripe (always current), then re-scores the member's
 * projects: the 3x boost follows premium at once.
 */
export async function syncSubscription(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  sub: Stripe.Subscription,
  at: Date = new Date(),
  opts: { fresh: boolean } = { fresh: true },
): Promise<UserRow | undefined> {
  const row = await deps.db.transaction((tx) => applySubscriptionState(tx, userId, sub, at, opts));
  if (row) await refreshAuthorTrendingScores(deps.db, userId);
  return row;
}
