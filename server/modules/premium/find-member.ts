import type { DbOrTx } from '../../db/client';
import { findUserById, type UserRow } from '../users/users.repository';
import { findUserByStripeCustomer } from './premium.repository';

/** The member a Stripe object is about: by its metadata.userId, else by its customer. */
export async function findMember(
  db: DbOrTx,
  metadataUserId: string | null | undefined,
  customerId: string | null,
): Promise<UserRow | undefined> {
  const byId = metadataUserId ? await findUserById(db, metadataUserId) : undefined;
  if (byId) return byId;
  return customerId ? findUserByStripeCustomer(db, customerId) : undefined;
}
