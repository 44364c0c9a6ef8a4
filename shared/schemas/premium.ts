import { z } from '../zod';

/** User-visible texts of the premium API (the web shows them as they are). */
export const PREMIUM_MESSAGES = {
  notConfigured: 'Payments are not configured',
  unavailable: 'Payments are unavailable right now. Please try again in a few minutes.',
  paymentIdRequired: 'paymentIntentId is required',
  unknownPayment: 'Unknown payment',
  notYourPayment: 'This payment belongs to another account',
  paymentNotSucceeded: 'The payment has not succeeded',
  noSubscription: 'No active subscription to cancel',
  cancelled: 'Your subscription will end at the close of the current billing period. You keep Premium until then.',
  premiumRequired: 'Premium required',
  invalidSignature: 'Invalid webhook signature',
  paymentFailedTitle: 'Payment failed',
  paymentFailedMessage: 'We could not charge your card for Premium. Please update your payment method to keep your benefits.',
} as const;

/** GET /api/subscription/status; publishableKey is null when payments are not configured. */
export const ZSubscriptionStatusSchema = z.object({
  isPremium: z.boolean(),
  premiumExpiresAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  publishableKey: z.string().nullable(),
});
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatusSchema>;

/** POST /api/create-subscription: clientSecret only while a payment is due. */
export const ZCreateSubscriptionResultSchema = z.object({
  status: z.string(),
  clientSecret: z.string().optional(),
});
export type TCreateSubscriptionResult = z.infer<typeof ZCreateSubscriptionResultSchema>;

/** POST /api/activate-premium. */
export const ZActivatePremiumSchema = z.object({
  paymentIntentId: z
    .string({ error: PREMIUM_MESSAGES.paymentIdRequired })
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,200}$/, PREMIUM_MESSAGES.unknownPayment),
});
export type TActivatePremiumRequest = z.infer<typeof ZActivatePremiumSchema>;

export const ZActivatePremiumResultSchema = z.object({
  success: z.literal(true),
  isPremium: z.boolean(),
  premiumExpiresAt: z.string().nullable(),
});
export type TActivatePremiumResult = z.infer<typeof ZActivatePremiumResultSchema>;

/** POST /api/cancel-subscription. */
export const ZCancelSubscriptionResultSchema = z.object({ success: z.boolean(), message: z.string() });
export type TCancelSubscriptionResult = z.infer<typeof ZCancelSubscriptionResultSchema>;
