import Stripe from 'stripe';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import type { Config } from '../../config';
import { AppError } from '../../errors';

export type Payments = { stripe: Stripe; priceId: string; publishableKey: string | null };

const clients = new WeakMap<Config, Stripe>();

/** One Stripe client per configuration; STRIPE_API_URL points it elsewhere (the local fake in tests). */
export function stripeClientOf(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  let client = clients.get(config);
  if (!client) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/** The Stripe client, price and publishable key; 503 'Payments are not configured' without keys. */
export function requirePayments(config: Config): Payments {
  const stripe = stripeClientOf(config);
  if (!stripe || !config.STRIPE_PRICE_ID) throw new AppError('UNAVAILABLE', PREMIUM_MESSAGES.notConfigured);
  return { stripe, priceId: config.STRIPE_PRICE_ID, publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null };
}

/** Whether the web can take payments: a secret key, a price and a publishable key. */
export function publishableKeyOf(config: Config): string | null {
  return config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_ID && config.STRIPE_PUBLISHABLE_KEY ? config.STRIPE_PUBLISHABLE_KEY : null;
}

/** The id of an expandable field, whether Stripe answered the id or the object. */
export function idOf(v: string | { id: string } | null | undefined): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : v.id;
}
