import type Stripe from 'stripe';
import type { AppDeps } from '../../deps';
import type { NewNotification } from '../notifications/notifications.repository';
import { findMember } from './find-member';
import { stripeDate } from './stripe-time';
import { applyStripeView, readStripeView } from './stripe-view';

export type WebhookDeps = Pick<AppDeps, 'db' | 'config' | 'cache' | 'events' | 'logger'>;

/** Applies one verified Stripe event of the type it is registered for (stripe-webhook.ts maps them). */
export type StripeEventHandler = (deps: WebhookDeps, stripe: Stripe, event: Stripe.Event) => Promise<void>;

/**
 * An event that can never apply (its member is unknown here, or Stripe has nothing of what it is
 * about): acknowledged and logged, because Stripe would otherwise retry it for days.
 */
export class EventCannotApply extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'EventCannotApply';
  }
}

/** The webhook ledger's entry for an event: each id applies once. */
export function ledgerEntryOf(event: Stripe.Event): { id: string; type: string; created: Date } {
  return { id: event.id, type: event.type, created: stripeDate(event.created) };
}

/**
 * What every event about a member does: finds the member (metadata.userId, else the customer), reads
 * the customer's subscriptions from Stripe as they are now (the event itself may be days old), and
 * applies them with the event's ledger entry and any notification, in one transaction.
 */
export async function syncMemberFromStripe(
  deps: WebhookDeps,
  stripe: Stripe,
  event: Stripe.Event,
  about: { userId: string | null | undefined; customer: string | null },
  notification?: Omit<NewNotification, 'userId'>,
): Promise<void> {
  const member = await findMember(deps.db, about.userId, about.customer);
  const customer = about.customer ?? member?.stripeCustomerId ?? null;
  if (!member || !customer) throw new EventCannotApply('no member for this customer');
  const view = await readStripeView(stripe, deps.logger, customer);
  // No subscription at all: nothing to say about premium, but a notification still stands.
  if (view.subscriptions.length === 0 && !notification) throw new EventCannotApply('the customer has no subscription in Stripe');
  await applyStripeView(deps, member, view, { stripeEvent: ledgerEntryOf(event), notification });
}
