import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_HOURS } from '@shared/schemas/sync';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;

/**
 * Claims the key for this request: true when this request is the first (or the earlier use expired).
 * The member's expired keys are dropped on the way, so the table holds one day of writes per member.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
  request: { method: string; path: string; requestHash: string },
): Promise<boolean> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, expired)));
  const rows = await db.insert(idempotencyKeys).values({ userId, key, ...request }).onConflictDoNothing().returning();
  return rows.length === 1;
}

export async function findIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

export async function completeIdempotencyKey(db: DbOrTx, userId: string, key: string, status: number, body: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status, body: body === undefined ? null : body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

export async function releaseIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}
