import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    passwordHash: text('password_hash'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    displayName: text('display_name'),
    handle: text('handle').notNull(),
    bio: text('bio'),
    location: text('location'),
    bannerImageUrl: text('banner_image_url'),
    profileImageUrl: text('profile_image_url'),
    socialMedia1Platform: text('social_media1_platform'),
    socialMedia1Url: text('social_media1_url'),
    socialMedia2Platform: text('social_media2_platform'),
    socialMedia2Url: text('social_media2_url'),
    socialMedia3Platform: text('social_media3_platform'),
    socialMedia3Url: text('social_media3_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    premiumExpiresAt: timestamp('premium_expires_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    stripeSubscriptionStatus: text('stripe_subscription_status'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the premium state stored was read from Stripe: a read that started earlier never overwrites it. */
    stripeStateAt: timestamp('stripe_state_at', { withTimezone: true }),
    isSuspended: boolean('is_suspended').notNull().default(false),
    suspendedReason: text('suspended_reason'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** When the member proved they receive mail at `email` (a link, or an identity provider's word). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When the member deleted their account; they may restore it until purgeAfter, then it is purged. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The notification kinds the member set (kind -> channel); the rest take shared/ defaults. */
    notificationSettings: jsonb('notification_settings').notNull().default({}),
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
    /** Hidden from everyone but admins: suspended, or deleted and awaiting purge (the lists' one flag). */
    isHidden: boolean('is_hidden')
      .notNull()
      .generatedAlwaysAs(sql`is_suspended OR deleted_at IS NOT NULL`),
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_handle_unique').on(sql`lower(${t.handle})`),
    uniqueIndex('users_oidc_unique').on(t.oidcIssuer, t.oidcSubject),
    index('users_created_at_idx').on(t.createdAt),
    // The admin user list searches email and handle by substring, and filters the suspended.
    index('users_email_trgm_idx').using('gin', sql`lower(coalesce(${t.email}, '')) gin_trgm_ops`),
    index('users_handle_trgm_idx').using('gin', sql`lower(${t.handle}) gin_trgm_ops`),
    index('users_suspended_created_idx').on(t.createdAt).where(sql`${t.isSuspended}`),
    index('users_hidden_idx').on(t.id).where(sql`${t.isHidden}`),
    index('users_purge_after_idx').on(t.purgeAfter).where(sql`${t.purgeAfter} IS NOT NULL`),
    uniqueIndex('users_stripe_customer_unique').on(t.stripeCustomerId),
    // Search finds projects by their author's name (typos and prefixes included).
    index('users_name_trgm_idx').using(
      'gin',
      sql`lower(coalesce(${t.displayName}, '') || ' ' || coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')) gin_trgm_ops`,
    ),
  ],
);

/** A users row as read, and as written. */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sess: jsonb('sess').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt), index('sessions_user_id_idx').on(t.userId)],
);

export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followingId: uuid('following_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_pair_unique').on(t.followerId, t.followingId),
    index('follows_following_idx').on(t.followingId),
  ],
);
