import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSubscriptionStatus } from '@shared/schemas/premium';
import { apiJson } from '@web/lib/api-client';

export const subscriptionStatusQueryKey = ['/api/subscription/status'] as const;

export const getSubscriptionStatus = () => apiJson<TSubscriptionStatus>('GET', '/api/subscription/status');

export const subscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: subscriptionStatusQueryKey, queryFn: getSubscriptionStatus });

/** isPremium, premiumExpiresAt, cancelAtPeriodEnd and the publishable key (null: payments are off). */
export function useSubscriptionStatus(enabled = true) {
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled });
}
