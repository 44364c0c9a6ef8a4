import { loadStripe, type Stripe } from '@stripe/stripe-js';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once per key (the script comes from js.stripe.com). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let p = loaded.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey).catch((err: unknown) => {
      loaded.delete(publishableKey);
      throw err;
    });
    loaded.set(publishableKey, p);
  }
  return p;
}
