import type { Db } from '../../db/client';
import { updateUser, type UserRow } from '../users/users.repository';

/**
 * A member whose email is in ADMIN_EMAILS becomes an admin once that address is verified: whoever
 * signs up first with a listed address, without receiving its mail, gets nothing.
 */
export async function promoteListedAdmin(db: Db, adminEmails: Set<string>, user: UserRow): Promise<UserRow> {
  if (user.isAdmin || !user.email || !user.emailVerifiedAt || !adminEmails.has(user.email.toLowerCase())) return user;
  return (await updateUser(db, user.id, { isAdmin: true })) ?? user;
}
