import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stripeEvents, users } from '../../db/schema';
import type { UserRow } from '../users/users.repository';

export function findUserByStripeCustomer(db: DbOrTx, customerId: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.stripeCustomerId, customerId) });
}

/** The member's row, locked until the transaction ends (webhook deliveries for one member run one at a time). */
export async function lockUser(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/**
 * Stores the member's Stripe customer unless one is stored already; answers the stored one (the first
 * writer wins when two requests race).
 */
export async function claimStripeCustomer(db: DbOrTx, userId: string, customerId: string): Promise<string> {
  const [row] = await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
    .returning({ customerId: users.stripeCustomerId });
  if (row?.customerId) return row.customerId;
  const current = await db.query.users.findFirst({ where: eq(users.id, userId), columns: { stripeCustomerId: true } });
  return current?.stripeCustomerId ?? customerId;
}

export type PremiumFields = Partial<
  Pick<
    UserRow,
    'isPremium' | 'premiumExpiresAt' | 'stripeSubscriptionId' | 'stripeSubscriptionStatus' | 'cancelAtPeriodEnd' | 'stripeStateAt'
  >
>;

export async function setPremiumFields(db: DbOrTx, userId: string, values: PremiumFields): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** Records a webhook event id; false when it was applied before (a redelivery). */
export async function recordStripeEvent(db: DbOrTx, event: { id: string; type: string; created: Date }): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values(event).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** Whether a webhook event id was handled before (a redelivery needs no call to Stripe). */
export async function stripeEventSeen(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row !== undefined;
}
