import type { AppDeps } from '../../deps';
import { queueMail } from '../../mail/mail-queue';
import { findUserByEmail } from '../users/users.repository';

/**
 * "Forgot password?": a reset link to the address when it has an account that is not deleted. The
 * caller answers the same whatever happens here, so the answer never tells whether the address exists;
 * an OIDC-only account gets a link too (a reset gives it a password).
 */
export async function forgotPassword(deps: Pick<AppDeps, 'db' | 'tokens' | 'outbox'>, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt || user.isSuspended || !user.email) return;
  await deps.db.transaction(async (tx) => {
    const tokenId = await deps.tokens.issue(tx, { userId: user.id, purpose: 'reset-password', email: user.email });
    await queueMail(tx, { template: 'reset-password', to: user.email!, data: {}, link: { path: '/reset-password', tokenId } }, `reset:${tokenId}`);
  });
  deps.outbox.nudge();
}
