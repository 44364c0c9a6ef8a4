import type { UserRow } from '../users/users.repository';
import { findUserByEmail } from '../users/users.repository';
import { applyPremiumChange, type PremiumDeps } from './apply-premium-change';

/**
 * Premium by hand (support, demos) until `expiresAt`, without Stripe, through the same path as every
 * premium change. Undefined when no account has that email.
 */
export async function grantPremium(deps: PremiumDeps, email: string, expiresAt: Date): Promise<UserRow | undefined> {
  const member = await findUserByEmail(deps.db, email);
  if (!member) return undefined;
  return applyPremiumChange(deps, member.id, { fields: { isPremium: true, premiumExpiresAt: expiresAt }, readAt: null });
}
