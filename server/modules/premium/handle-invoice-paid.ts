import type Stripe from 'stripe';
import { invoiceMemberOf } from './invoice-links';
import { syncMemberFromStripe, type StripeEventHandler } from './stripe-event-handler';

/** invoice.paid (a renewal, or the first payment): premium runs to the period end Stripe now has. */
export const handleInvoicePaid: StripeEventHandler = (deps, stripe, event) =>
  syncMemberFromStripe(deps, stripe, event, invoiceMemberOf(event.data.object as Stripe.Invoice));
