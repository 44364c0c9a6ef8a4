import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { RESET_PASSWORD_LINK_MINUTES, VERIFY_EMAIL_LINK_HOURS } from '@shared/constants';
import type { DbOrTx } from '../db/client';
import { accountTokens } from '../db/schema';
import { AppError } from '../errors';

export type TokenPurpose = 'verify-email' | 'reset-password' | 'restore-account';
export type AccountTokenRow = typeof accountTokens.$inferSelect;

const LIFETIME_MS: Record<TokenPurpose, number> = {
  'verify-email': VERIFY_EMAIL_LINK_HOURS * 60 * 60 * 1000,
  'reset-password': RESET_PASSWORD_LINK_MINUTES * 60 * 1000,
  'restore-account': 15 * 60 * 1000,
};

const sha256 = (value: string) => createHash('sha256').update(value).digest();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Single-use, expiring tokens for the links sent by mail. A token is "<row id>.<secret>"; the secret is
 * an HMAC of the id under a server key, so the mail sender can rebuild the link from the id alone and
 * no secret ever sits in the database (the row keeps its SHA-256, compared in constant time).
 */
export class AccountTokens {
  constructor(private readonly key: Buffer) {}

  /** A key for tokens derived from the session secret (one secret for the operator to keep). */
  static fromSessionSecret(secret: string): AccountTokens {
    return new AccountTokens(createHmac('sha256', secret).update('buildboard account tokens').digest());
  }

  private secretOf(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  /** The token a link carries for the row `id`. */
  tokenOf(id: string): string {
    return `${id}.${this.secretOf(id)}`;
  }

  /**
   * A new token for the member and purpose; earlier unused ones of the same purpose stop working (the
   * newest link is the one that counts). Answers the row's id, which a queued mail carries.
   */
  async issue(db: DbOrTx, input: { userId: string; purpose: TokenPurpose; email?: string | null }): Promise<string> {
    await db
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.userId, input.userId), eq(accountTokens.purpose, input.purpose), isNull(accountTokens.usedAt)));
    const id = crypto.randomUUID();
    await db.insert(accountTokens).values({
      id,
      userId: input.userId,
      purpose: input.purpose,
      email: input.email ?? null,
      secretHash: sha256(this.secretOf(id)).toString('hex'),
      expiresAt: new Date(Date.now() + LIFETIME_MS[input.purpose]),
    });
    return id;
  }

  /**
   * Checks a token and uses it up, in the caller's transaction: a wrong, expired or used token is a 400
   * with a sentence saying which. Of two requests with one token, only one gets the row.
   */
  async consume(db: DbOrTx, token: string, purpose: TokenPurpose): Promise<AccountTokenRow> {
    const [id, secret] = token.split('.');
    if (!id || !secret || !UUID.test(id)) throw AppError.validation(ACCOUNT_MESSAGES.linkInvalid);
    const [row] = await db.select().from(accountTokens).where(and(eq(accountTokens.id, id), eq(accountTokens.purpose, purpose)));
    const stored = Buffer.from(row?.secretHash ?? '', 'hex');
    const given = sha256(secret);
    if (!row || stored.length !== given.length || !timingSafeEqual(stored, given)) throw AppError.validation(ACCOUNT_MESSAGES.linkInvalid);
    if (row.usedAt) throw AppError.validation(ACCOUNT_MESSAGES.linkUsed);
    if (row.expiresAt.getTime() <= Date.now()) throw AppError.validation(ACCOUNT_MESSAGES.linkExpired);
    const [used] = await db
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
      .returning();
    if (!used) throw AppError.validation(ACCOUNT_MESSAGES.linkUsed);
    return used;
  }
}

/** Deletes tokens expired for a day or more (a scheduled job). */
export async function pruneAccountTokens(db: DbOrTx): Promise<void> {
  await db.delete(accountTokens).where(sql`${accountTokens.expiresAt} < now() - interval '1 day'`);
}
