import { sql, type SQL } from 'drizzle-orm';

/*
 * The premium rule, once for TypeScript and once for SQL side by side: premium counts only while it has
 * not expired. Premium-only features, the profile and card badges and the trending boost all ask here.
 */

/** Whether the user is premium at `now`. */
export function isPremiumNow(u: { isPremium: boolean; premiumExpiresAt: Date | null }, now = new Date()): boolean {
  return u.isPremium && (!u.premiumExpiresAt || u.premiumExpiresAt.getTime() > now.getTime());
}

/** isPremiumNow of users row `user` (a table name or alias) at the statement's now(), as a SQL boolean expression. */
export const premiumNowSql = (user: string) => `(${user}.is_premium AND (${user}.premium_expires_at IS NULL OR ${user}.premium_expires_at > now()))`;

/** premiumNowSql of the users row aliased `u`. */
export const PREMIUM_NOW_SQL = premiumNowSql('u');

/**
 * Whether users row `user`'s premium ended by time after `since` and by the statement's now(): no write
 * tells of it, so what counted it (the trending boost) is computed again.
 */
export function premiumEndedSinceSql(user: string, since: Date): SQL {
  const ends = sql.raw(`${user}.premium_expires_at`);
  return sql`(${ends} > ${since}::timestamptz AND ${ends} <= now())`;
}
