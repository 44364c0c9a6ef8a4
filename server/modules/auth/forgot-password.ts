import type { AppDeps } from '../../deps';
import { enqueue, type OutboxTopic } from '../../jobs/outbox';
import { queueMail } from '../../mail/mail-queue';
import { findUserByEmail } from '../users/users.repository';

export const RESET_REQUEST_TOPIC = 'password-reset-request';
type ResetRequest = { email: string };

/**
 * "Forgot password?": the request is stored as it is, whatever the address, so the answer costs the
 * same whether or not it has an account (one insert) and survives a crash right after it. The outbox
 * looks the address up afterwards (resetRequestHandler).
 */
export async function requestPasswordReset(deps: Pick<AppDeps, 'db' | 'outbox'>, email: string): Promise<void> {
  await enqueue(deps.db, RESET_REQUEST_TOPIC, { email } satisfies ResetRequest);
  deps.outbox.nudge();
}

/**
 * A reset link to the address when it has an account that is not deleted or suspended; an identity
 * provider's account gets one too (a reset gives it a password). Nothing for other addresses.
 */
export function resetRequestHandler(deps: Pick<AppDeps, 'db' | 'tokens' | 'outbox'>): OutboxTopic<ResetRequest> {
  return {
    topic: RESET_REQUEST_TOPIC,
    concurrency: 2,
    async handle(tasks) {
      for (const { id, payload } of tasks) {
        const user = await findUserByEmail(deps.db, payload.email);
        if (!user || user.deletedAt || user.isSuspended || !user.email) continue;
        await deps.db.transaction(async (tx) => {
          const tokenId = await deps.tokens.issue(tx, { userId: user.id, purpose: 'reset-password', email: user.email });
          // Keyed by the request, so a request handled twice (a crash before its mark) mails once.
          await queueMail(tx, { template: 'reset-password', to: user.email!, data: {}, link: { path: '/reset-password', tokenId } }, `reset:${id}`);
        });
        deps.outbox.nudge();
      }
    },
  };
}
