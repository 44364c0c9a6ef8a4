import type { TAdminUser } from '@shared/schemas/admin';
import { toCurrentUser } from '../users/to-current-user';
import type { UserRow } from '../users/users.repository';

/** A users row as one row of the admin Users tab. */
export function toAdminUser(u: UserRow): TAdminUser {
  const { isPremium: _isPremium, ...identity } = toCurrentUser(u);
  return {
    ...identity,
    isSuspended: u.isSuspended,
    suspendedReason: u.isSuspended ? u.suspendedReason : null,
    suspendedAt: u.isSuspended && u.suspendedAt ? u.suspendedAt.toISOString() : null,
    createdAt: u.createdAt.toISOString(),
  };
}
