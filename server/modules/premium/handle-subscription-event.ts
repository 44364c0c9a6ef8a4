import type Stripe from 'stripe';
import { idOf } from './stripe-client';
import { syncMemberFromStripe, type StripeEventHandler } from './stripe-event-handler';

/** customer.subscription.created, .updated and .deleted: the member's premium follows Stripe's current view. */
export const handleSubscriptionEvent: StripeEventHandler = (deps, stripe, event) => {
  const sub = event.data.object as Stripe.Subscription;
  return syncMemberFromStripe(deps, stripe, event, { userId: sub.metadata?.userId, customer: idOf(sub.customer) });
};
