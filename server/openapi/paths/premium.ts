import { z } from '@shared/zod';
import {
  ZActivatePremiumResultSchema,
  ZActivatePremiumSchema,
  ZCancelSubscriptionResultSchema,
  ZCreateSubscriptionResultSchema,
  ZSubscriptionStatusSchema,
} from '@shared/schemas/premium';
import type { DomainDoc } from '../registry';

const unavailable = { 503: { description: 'Payments are not configured, or Stripe cannot be reached (try again later)' } };

export const premiumDoc: DomainDoc = {
  tag: 'Premium',
  description: 'Premium subscriptions through Stripe.',
  routes: [
    { method: 'get', path: '/api/subscription/status', summary: 'My subscription', access: 'member', responses: { 200: { description: 'Status', schema: ZSubscriptionStatusSchema } } },
    { method: 'post', path: '/api/create-subscription', summary: 'Start a subscription', access: 'member', responses: { 200: { description: 'What the client needs to pay', schema: ZCreateSubscriptionResultSchema }, ...unavailable } },
    { method: 'post', path: '/api/activate-premium', summary: 'Activate after payment', access: 'member', body: ZActivatePremiumSchema, responses: { 200: { description: 'Result', schema: ZActivatePremiumResultSchema }, ...unavailable } },
    { method: 'post', path: '/api/cancel-subscription', summary: 'Cancel at period end', access: 'member', responses: { 200: { description: 'Result', schema: ZCancelSubscriptionResultSchema }, ...unavailable } },
    { method: 'post', path: '/api/stripe/webhook', summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET; no session, no same-origin check)", access: 'visitor', responses: { 200: { description: 'Received', schema: z.object({ received: z.literal(true) }) }, 401: { description: 'Missing or bad signature' }, ...unavailable } },
  ],
};
