import type { TCurrentUser } from '@shared/schemas/auth';
import type { UserRow } from './users.repository';

/** Premium counts only while it has not expired. */
export function isPremiumNow(u: Pick<UserRow, 'isPremium' | 'premiumExpiresAt'>, now = new Date()): boolean {
  return u.isPremium && (!u.premiumExpiresAt || u.premiumExpiresAt.getTime() > now.getTime());
}

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
  };
}
