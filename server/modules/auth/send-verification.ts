import { displayNameOf } from '@shared/format';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { queueMail } from '../../mail/mail-queue';
import type { UserRow } from '../users/users.repository';

/**
 * Queues a verification link for `email` (the account's address, or a new one it asked for) in the
 * caller's transaction. A newer link replaces the older ones.
 */
export async function queueVerification(deps: Pick<AppDeps, 'tokens'>, tx: DbOrTx, user: UserRow, email: string): Promise<void> {
  const tokenId = await deps.tokens.issue(tx, { userId: user.id, purpose: 'verify-email', email });
  const name = displayNameOf(user);
  const link = { path: '/verify-email', tokenId };
  const mail =
    email === user.email
      ? ({ template: 'verify-email', to: email, data: { name }, link } as const)
      : ({ template: 'verify-new-email', to: email, data: { name, newEmail: email }, link } as const);
  await queueMail(tx, mail, `verify:${tokenId}`);
}
