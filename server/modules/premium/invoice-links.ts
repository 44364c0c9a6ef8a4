import type Stripe from 'stripe';
import { idOf } from './stripe-client';

/** The member and customer of an invoice (the member from parent.subscription_details on newer API versions). */
export function invoiceMemberOf(invoice: Stripe.Invoice): { userId: string | undefined; customer: string | null } {
  return { userId: invoice.parent?.subscription_details?.metadata?.userId, customer: idOf(invoice.customer) };
}
