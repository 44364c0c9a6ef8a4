import { BIO_MAX, DISPLAY_NAME_MAX, HANDLE_MAX, HANDLE_MIN, LOCATION_MAX, SOCIAL_PLATFORMS } from '../constants';
import { UPLOADED_IMAGE_URL } from '../format';
import { z } from '../zod';

// Profiles and follows (spec sections 3, 5 and 6). The edit form and PATCH /api/user/profile use the
// same ZProfileUpdateSchema, so the browser and the server give the same messages.

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** How each supported platform is named in 'View {platform} profile'. */
export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = {
  x: 'X',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  facebook: 'Facebook',
  snapchat: 'Snapchat',
  rumble: 'Rumble',
  truthsocial: 'Truth Social',
  reddit: 'Reddit',
  discord: 'Discord',
  signal: 'Signal',
  telegram: 'Telegram',
  github: 'GitHub',
};

export function isSocialPlatform(value: unknown): value is SocialPlatform {
  return typeof value === 'string' && (SOCIAL_PLATFORMS as readonly string[]).includes(value);
}

/** The three platform/URL pairs, in order. */
export const SOCIAL_LINK_SLOTS = [1, 2, 3] as const;
export type SocialLinkSlot = (typeof SOCIAL_LINK_SLOTS)[number];
export const socialPlatformKey = (slot: SocialLinkSlot) => `socialMedia${slot}Platform` as const;
export const socialUrlKey = (slot: SocialLinkSlot) => `socialMedia${slot}Url` as const;

export const URL_MAX = 2048;
export const HANDLE_PATTERN = /^[A-Za-z0-9_]+$/;
/** What POST /api/upload/image answers: a root-relative address of a stored image. */
export const UPLOADED_IMAGE_PATTERN = UPLOADED_IMAGE_URL;

export const PROFILE_MESSAGES = {
  displayNameRequired: 'Display name is required',
  handleMin: `Handle must be at least ${HANDLE_MIN} characters`,
  handleCharset: 'Handle can only contain letters, numbers, and underscores',
  bioMax: `Bio must be ${BIO_MAX} characters or less`,
  locationMax: `Location must be ${LOCATION_MAX} characters or less`,
  invalidUrl: 'Invalid url',
  socialUrl: 'Social link URLs must start with http:// or https://',
  socialPlatform: 'Please choose a supported platform',
  profileNotFound: 'Profile not found',
  userSuspended: 'User Suspended',
} as const;

export function isHttpUrlString(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
}

/** An http(s) URL, an image uploaded here ('/uploads/images/...'), or '' to clear it. */
const imageUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((v) => v === '' || isHttpUrlString(v) || UPLOADED_IMAGE_PATTERN.test(v), PROFILE_MESSAGES.invalidUrl);

const socialPlatform = z
  .string()
  .trim()
  .refine((v) => v === '' || isSocialPlatform(v), PROFILE_MESSAGES.socialPlatform);

const socialUrl = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine((v) => v === '' || isHttpUrlString(v), PROFILE_MESSAGES.socialUrl);

/**
 * The Edit Profile form and the body of PATCH /api/user/profile. displayName and handle are always sent;
 * every other field is optional: absent leaves it unchanged, '' clears it. Unknown keys (isAdmin,
 * isPremium, counts...) are stripped, never written.
 */
export const ZProfileUpdateSchema = z.object({
  displayName: z
    .string({ error: (iss) => (iss.input === undefined ? PROFILE_MESSAGES.displayNameRequired : undefined) })
    .trim()
    .min(1, PROFILE_MESSAGES.displayNameRequired)
    .max(DISPLAY_NAME_MAX),
  handle: z.string().trim().min(HANDLE_MIN, PROFILE_MESSAGES.handleMin).max(HANDLE_MAX).regex(HANDLE_PATTERN, PROFILE_MESSAGES.handleCharset),
  bio: z.string().trim().max(BIO_MAX, PROFILE_MESSAGES.bioMax).optional(),
  location: z.string().trim().max(LOCATION_MAX, PROFILE_MESSAGES.locationMax).optional(),
  bannerImageUrl: imageUrl.optional(),
  profileImageUrl: imageUrl.optional(),
  socialMedia1Platform: socialPlatform.optional(),
  socialMedia1Url: socialUrl.optional(),
  socialMedia2Platform: socialPlatform.optional(),
  socialMedia2Url: socialUrl.optional(),
  socialMedia3Platform: socialPlatform.optional(),
  socialMedia3Url: socialUrl.optional(),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdateSchema>;
/** What the form holds: every field as a string. */
export type TProfileForm = { [K in keyof TProfileUpdate]-?: string };

/** A user profile as GET /api/users/{handleOrId} and PATCH /api/user/profile answer it (one shape, so a save updates the page in place). */
export const ZUserProfileSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  handle: z.string(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  bannerImageUrl: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Only the owner and admins see the email; others get null. */
  email: z.string().nullable(),
  createdAt: z.string(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  isSuspended: z.boolean(),
  suspendedReason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  socialMedia1Platform: z.string().nullable(),
  socialMedia1Url: z.string().nullable(),
  socialMedia2Platform: z.string().nullable(),
  socialMedia2Url: z.string().nullable(),
  socialMedia3Platform: z.string().nullable(),
  socialMedia3Url: z.string().nullable(),
});
export type TUserProfile = z.infer<typeof ZUserProfileSchema>;

/** GET /api/users/{handle}/follow-status. */
export const ZFollowStatusSchema = z.object({ isFollowing: z.boolean() });
export type TFollowStatus = z.infer<typeof ZFollowStatusSchema>;

/** What follow and unfollow answer: the new state and the followed user's counts. */
export const ZFollowResultSchema = z.object({
  isFollowing: z.boolean(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
});
export type TFollowResult = z.infer<typeof ZFollowResultSchema>;

/** The 403 body of a suspended user's profile, for the 'User Suspended' screen. */
export const ZUserSuspendedSchema = z.object({
  message: z.literal(PROFILE_MESSAGES.userSuspended),
  reason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
});
export type TUserSuspended = z.infer<typeof ZUserSuspendedSchema>;

export type SocialLink = { slot: SocialLinkSlot; platform: SocialPlatform; url: string };

/** The complete pairs only (both a supported platform and an http(s) URL), in slot order. */
export function completeSocialLinks(p: Partial<Record<`socialMedia${SocialLinkSlot}${'Platform' | 'Url'}`, string | null>>): SocialLink[] {
  const links: SocialLink[] = [];
  for (const slot of SOCIAL_LINK_SLOTS) {
    const platform = p[socialPlatformKey(slot)]?.trim();
    const url = p[socialUrlKey(slot)]?.trim();
    if (platform && url && isSocialPlatform(platform) && isHttpUrlString(url)) links.push({ slot, platform, url });
  }
  return links;
}
