import type Stripe from 'stripe';
import type { TCreateSubscriptionResult } from '@shared/schemas/premium';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { isLive } from './premium-state';
import { claimStripeCustomer } from './premium.repository';
import { callStripe } from './stripe-call';
import { requirePayments } from './stripe-client';
import { applyStripeView, readStripeView } from './stripe-view';

type Deps = Pick<AppDeps, 'db' | 'config' | 'cache' | 'events' | 'logger'>;

/** The payment secret of a subscription's open invoice (confirmation_secret, or the older payment_intent). */
function clientSecretOf(sub: Stripe.Subscription): string | undefined {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string') return undefined;
  const legacy = (invoice as { payment_intent?: { client_secret?: string | null } | string | null }).payment_intent;
  return invoice.confirmation_secret?.client_secret ?? (typeof legacy === 'object' ? legacy?.client_secret ?? undefined : undefined);
}

/** The member's Stripe customer, created once (metadata.userId) and stored. */
async function ensureCustomer(deps: Deps, stripe: Stripe, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await callStripe(deps.logger, () =>
    stripe.customers.create({ email: user.email ?? undefined, metadata: { userId: user.id } }, { idempotencyKey: `bb-customer-${user.id}` }),
  );
  return claimStripeCustomer(deps.db, user.id, customer.id);
}

/**
 * Starts the 9 USD monthly subscription: reuses an open incomplete one rather than starting a second,
 * answers { status: 'active' } when one is already paid, else creates one (default_incomplete) and
 * answers the invoice's payment secret for the Payment Element.
 */
export async function createSubscription(deps: Deps, user: UserRow): Promise<TCreateSubscriptionResult> {
  const { stripe, priceId } = requirePayments(deps.config);
  const customer = await ensureCustomer(deps, stripe, user);
  const view = await readStripeView(stripe, deps.logger, customer, { expand: ['data.latest_invoice.confirmation_secret'] });
  if (view.subscriptions.some(isLive)) {
    await applyStripeView(deps, user, view);
    return { status: 'active' };
  }
  const open = view.subscriptions.find((s) => s.status === 'incomplete' && clientSecretOf(s));
  const sub =
    open ??
    (await callStripe(deps.logger, () => stripe.subscriptions.create(
      {
        customer,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: user.id },
        expand: ['latest_invoice.confirmation_secret'],
      },
      // A retry of the same request (same member, same number of earlier subscriptions) is the same one.
      { idempotencyKey: `bb-subscription-${user.id}-${view.subscriptions.length}` },
    )));
  const clientSecret = clientSecretOf(sub);
  if (!clientSecret) throw new AppError('UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  await applyStripeView(deps, user, { ...view, subscriptions: open ? view.subscriptions : [sub, ...view.subscriptions] });
  return { status: sub.status, clientSecret };
}
