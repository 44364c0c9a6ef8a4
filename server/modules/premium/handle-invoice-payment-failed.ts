import type Stripe from 'stripe';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import { invoiceMemberOf } from './invoice-links';
import { syncMemberFromStripe, type StripeEventHandler } from './stripe-event-handler';

/**
 * invoice.payment_failed: the member is told once (the notification is stored with the event's ledger
 * entry); premium lasts until the paid period ends, as a failing renewal leaves the subscription past_due.
 */
export const handleInvoicePaymentFailed: StripeEventHandler = (deps, stripe, event) =>
  syncMemberFromStripe(deps, stripe, event, invoiceMemberOf(event.data.object as Stripe.Invoice), {
    type: 'payment_failed',
    title: PREMIUM_MESSAGES.paymentFailedTitle,
    message: PREMIUM_MESSAGES.paymentFailedMessage,
    link: '/subscribe',
  });
