import type { TSubscriptionStatus } from '@shared/schemas/premium';
import type { Config } from '../../config';
import type { UserRow } from '../users/users.repository';
import { isPremiumNow } from '../../access/premium';
import { publishableKeyOf } from './stripe-client';

/** Premium is computed: it ends by itself when premiumExpiresAt passes. */
export function getSubscriptionStatus(config: Config, user: UserRow, now = new Date()): TSubscriptionStatus {
  const isPremium = isPremiumNow(user, now);
  return {
    isPremium,
    premiumExpiresAt: user.premiumExpiresAt ? user.premiumExpiresAt.toISOString() : null,
    cancelAtPeriodEnd: isPremium && user.cancelAtPeriodEnd,
    publishableKey: publishableKeyOf(config),
  };
}
