import type Stripe from 'stripe';

/** Stripe counts time in whole seconds since the epoch; every Stripe time becomes a Date here. */
export function stripeDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

/**
 * The end of a subscription's current period: on the subscription itself (older API versions) or on
 * its first item (2025-03-31 and newer).
 */
export function periodEndOf(sub: Stripe.Subscription): Date | null {
  const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
  const seconds = legacy ?? sub.items?.data?.[0]?.current_period_end;
  return typeof seconds === 'number' ? stripeDate(seconds) : null;
}

/** When a subscription ended (canceled or expired), if Stripe says. */
export function endedAtOf(sub: Stripe.Subscription): Date | null {
  const seconds = (sub as { ended_at?: number | null }).ended_at;
  return typeof seconds === 'number' ? stripeDate(seconds) : null;
}
