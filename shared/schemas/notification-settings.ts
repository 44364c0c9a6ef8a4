import { z } from '../zod';

/** What a member can tune, each kind on its own (comments, mentions, follows, reactions, product news). */
export const NOTIFICATION_KINDS = ['comments', 'mentions', 'follows', 'likes', 'news'] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<TNotificationKind, string> = {
  comments: 'Comments and replies',
  mentions: 'Mentions',
  follows: 'Follows',
  likes: 'Likes, ratings and shares',
  news: 'Product news',
};

/** Where a kind goes: in the app only, also by email at once, also in a daily digest email, or nowhere. */
export const NOTIFICATION_CHANNELS = ['app', 'email', 'digest', 'off'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<TNotificationChannel, string> = {
  app: 'In the app',
  email: 'By email at once',
  digest: 'In a daily digest',
  off: 'Off',
};

/** A new member's settings: what is addressed to them by mail at once, the rest in the app. */
export const DEFAULT_NOTIFICATION_SETTINGS: Record<TNotificationKind, TNotificationChannel> = {
  comments: 'email',
  mentions: 'email',
  follows: 'app',
  likes: 'app',
  news: 'app',
};

/** The kind of a stored notification's type; types without one (payments, moderation) always show in the app. */
export const KIND_OF_TYPE: Record<string, TNotificationKind> = {
  comment: 'comments',
  reply: 'comments',
  mention: 'mentions',
  follow: 'follows',
  like: 'likes',
  rating: 'likes',
  share: 'likes',
  news: 'news',
};

export const ZNotificationSettingsSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.enum(NOTIFICATION_CHANNELS)])) as Record<TNotificationKind, z.ZodEnum<{ [C in TNotificationChannel]: C }>>,
);
export type TNotificationSettings = z.infer<typeof ZNotificationSettingsSchema>;

/** PUT /api/notification-settings: the kinds to change (the others stay). */
export const ZNotificationSettingsUpdateSchema = ZNotificationSettingsSchema.partial();
export type TNotificationSettingsUpdate = z.infer<typeof ZNotificationSettingsUpdateSchema>;

/** Settings as stored (only the kinds a member changed) over the defaults. */
export function settingsWithDefaults(stored: unknown): TNotificationSettings {
  const parsed = ZNotificationSettingsUpdateSchema.safeParse(stored ?? {});
  return { ...DEFAULT_NOTIFICATION_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Notification settings saved',
  unsubscribed: (kind: TNotificationKind) => `You will no longer get emails about ${NOTIFICATION_KIND_LABELS[kind].toLowerCase()}.`,
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
