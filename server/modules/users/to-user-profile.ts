import type { TUserProfile } from '@shared/schemas/user';
import { canManage } from '../../access/access-policy';
import { isPremiumNow } from '../../access/premium';
import type { UserRow } from './users.repository';

/** A users row as profile JSON; the email only for the owner and admins, so members never harvest addresses. */
export function toUserProfile(u: UserRow, viewer: Pick<UserRow, 'id' | 'isAdmin'>): TUserProfile {
  const privileged = canManage(viewer, u.id);
  return {
    id: u.id,
    displayName: u.displayName,
    handle: u.handle,
    bio: u.bio,
    location: u.location,
    bannerImageUrl: u.bannerImageUrl,
    profileImageUrl: u.profileImageUrl,
    firstName: u.firstName,
    lastName: u.lastName,
    email: privileged ? u.email : null,
    createdAt: u.createdAt.toISOString(),
    followerCount: u.followerCount,
    followingCount: u.followingCount,
    isSuspended: u.isSuspended,
    suspendedReason: u.isSuspended ? u.suspendedReason : null,
    suspendedAt: u.isSuspended && u.suspendedAt ? u.suspendedAt.toISOString() : null,
    isAdmin: u.isAdmin,
    isPremium: isPremiumNow(u),
    socialMedia1Platform: u.socialMedia1Platform,
    socialMedia1Url: u.socialMedia1Url,
    socialMedia2Platform: u.socialMedia2Platform,
    socialMedia2Url: u.socialMedia2Url,
    socialMedia3Platform: u.socialMedia3Platform,
    socialMedia3Url: u.socialMedia3Url,
  };
}
