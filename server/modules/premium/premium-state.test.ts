import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { premiumFieldsOf } from './premium-state';

const NOW = new Date('2026-11-26T08:00:00Z');
const s = (seconds: number) => new Date(seconds * 1000);
const at = (d: Date) => Math.floor(d.getTime() / 1000);

function sub(id: string, status: string, over: { created?: number; periodEnd?: number; endedAt?: number; cancel?: boolean } = {}): Stripe.Subscription {
  return {
    id,
    status,
    created: over.created ?? at(NOW) - 1000,
    cancel_at_period_end: over.cancel ?? false,
    ended_at: over.endedAt ?? null,
    items: { data: [{ current_period_end: over.periodEnd ?? at(NOW) + 86_400 }] },
  } as unknown as Stripe.Subscription;
}

describe('premiumFieldsOf', () => {
  it('when two subscriptions are live, then premium runs to the later period end, whatever their order', () => {
    const early = sub('sub_a', 'active', { periodEnd: at(NOW) + 10 });
    const late = sub('sub_b', 'trialing', { periodEnd: at(NOW) + 99, cancel: true });
    for (const list of [[early, late], [late, early]]) {
      expect(premiumFieldsOf(list, NOW)).toEqual({
        stripeSubscriptionId: 'sub_b',
        stripeSubscriptionStatus: 'trialing',
        cancelAtPeriodEnd: true,
        isPremium: true,
        premiumExpiresAt: s(at(NOW) + 99),
      });
    }
  });

  it('when a canceled subscription sits beside a live one, then the live one decides', () => {
    const fields = premiumFieldsOf([sub('sub_old', 'canceled', { endedAt: at(NOW) - 5 }), sub('sub_new', 'active')], NOW);
    expect(fields).toMatchObject({ isPremium: true, stripeSubscriptionId: 'sub_new' });
  });

  it('when every subscription has ended, then premium ends when the last canceled one ended', () => {
    const fields = premiumFieldsOf(
      [sub('sub_a', 'canceled', { endedAt: at(NOW) - 50, created: 1 }), sub('sub_b', 'canceled', { endedAt: at(NOW) - 20, created: 2 })],
      NOW,
    );
    expect(fields).toEqual({ stripeSubscriptionId: 'sub_b', stripeSubscriptionStatus: 'canceled', cancelAtPeriodEnd: false, isPremium: false, premiumExpiresAt: s(at(NOW) - 20) });
  });

  it('when a renewal fails (past_due) or only an unpaid attempt expired, then premium is left as it is and only the status is noted', () => {
    expect(premiumFieldsOf([sub('sub_a', 'past_due')], NOW)).toEqual({ stripeSubscriptionId: 'sub_a', stripeSubscriptionStatus: 'past_due', cancelAtPeriodEnd: false });
    // An attempt that was never paid gave no premium, so it ends none (a grant by hand stays).
    expect(premiumFieldsOf([sub('sub_x', 'incomplete_expired')], NOW)).not.toHaveProperty('isPremium');
  });

  it('when the customer has no subscription at all, then there is nothing to say', () => {
    expect(premiumFieldsOf([], NOW)).toBeNull();
  });
});
