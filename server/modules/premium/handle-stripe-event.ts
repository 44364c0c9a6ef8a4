import type Stripe from 'stripe';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import type { AppDeps } from '../../deps';
import { refreshAuthorTrendingScores } from '../discovery/discovery.repository';
import { insertNotification, type NotificationRow } from '../notifications/notifications.repository';
import { findMember } from './find-member';
import { recordStripeEvent, setPremiumFields } from './premium.repository';
import { idOf, stripeClientOf } from './stripe-client';
import { applySubscriptionState } from './subscription-state';

type InvoiceLinks = {
  subscriptionId: string | null;
  userId: string | undefined;
  periodEnd: number | undefined;
};

/** The subscription and member of an invoice, on new (parent.subscription_details) and old API versions. */
function linksOf(invoice: Stripe.Invoice): InvoiceLinks {
  const details = invoice.parent?.subscription_details;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return {
    subscriptionId: idOf(details?.subscription) ?? idOf(legacy),
    userId: details?.metadata?.userId,
    periodEnd: invoice.lines?.data?.[0]?.period?.end,
  };
}

/**
 * Applies one verified Stripe event exactly once: the event id goes into the stripe_events ledger in
 * the same transaction as its effect, so a redelivery changes nothing. Unknown types are recorded and
 * ignored.
 */
export async function handleStripeEvent(deps: Pick<AppDeps, 'db' | 'config' | 'events'>, event: Stripe.Event): Promise<void> {
  const at = new Date(event.created * 1000);
  // invoice.paid re-reads the subscription from Stripe (outside the transaction): the current state.
  let fresh: Stripe.Subscription | null = null;
  if (event.type === 'invoice.paid') {
    const { subscriptionId } = linksOf(event.data.object);
    const stripe = stripeClientOf(deps.config);
    if (subscriptionId && stripe) fresh = await stripe.subscriptions.retrieve(subscriptionId);
  }

  let changedUser: string | null = null;
  let notification: NotificationRow | null = null;
  await deps.db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, { id: event.id, type: event.type, created: at }))) return;
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        const member = await findMember(tx, sub.metadata?.userId, idOf(sub.customer));
        if (member && (await applySubscriptionState(tx, member.id, sub, at, { fresh: false }))) changedUser = member.id;
        return;
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        const links = linksOf(invoice);
        const member = await findMember(tx, fresh?.metadata?.userId ?? links.userId, idOf(invoice.customer));
        if (!member) return;
        if (fresh) {
          if (await applySubscriptionState(tx, member.id, fresh, at, { fresh: true })) changedUser = member.id;
        } else if (links.periodEnd) {
          // No subscription to read: extend premium to the paid line's period end, never shorten it.
          const end = new Date(links.periodEnd * 1000);
          if (!member.premiumExpiresAt || member.premiumExpiresAt < end) {
            await setPremiumFields(tx, member.id, { isPremium: true, premiumExpiresAt: end });
            changedUser = member.id;
          }
        }
        return;
      }
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const member = await findMember(tx, linksOf(invoice).userId, idOf(invoice.customer));
        if (!member) return;
        notification = await insertNotification(tx, {
          userId: member.id,
          type: 'payment_failed',
          title: PREMIUM_MESSAGES.paymentFailedTitle,
          message: PREMIUM_MESSAGES.paymentFailedMessage,
          link: '/subscribe',
        });
        return;
      }
      default:
        return;
    }
  });

  if (changedUser) await refreshAuthorTrendingScores(deps.db, changedUser);
  const stored = notification as NotificationRow | null;
  if (stored) {
    await deps.events.emit('notification:created', {
      userId: stored.userId,
      notification: {
        id: stored.id,
        title: stored.title,
        message: stored.message,
        link: stored.link,
        read: stored.read,
        createdAt: new Date(stored.createdAt).toISOString(),
      },
    });
  }
}
