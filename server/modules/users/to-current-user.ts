import type { TCurrentUser } from '@shared/schemas/auth';
import { isPremiumNow } from '../../access/premium';
import type { UserRow } from './users.repository';

export function toCurrentUser(u: UserRow): TCurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: u.displayName,
    handle: u.handle,
    profileImageUrl: u.profileImageUrl,
    isAdmin: u.isAdmin,
    isPremium: isPremiumNow(u),
    emailVerified: u.emailVerifiedAt !== null,
    hasPassword: u.passwordHash !== null,
  };
}
