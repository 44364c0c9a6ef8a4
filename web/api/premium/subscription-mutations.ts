import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TActivatePremiumResult,
  TCancelSubscriptionResult,
  TCreateSubscriptionResult,
} from '@shared/schemas/premium';
import { apiJson } from '@web/lib/api-client';
import { userQueryKey } from '@web/lib/query-keys';
import { subscriptionStatusQueryKey } from './subscription-status';

export const createSubscription = () => apiJson<TCreateSubscriptionResult>('POST', '/api/create-subscription');
export const activatePremium = (paymentIntentId: string) =>
  apiJson<TActivatePremiumResult>('POST', '/api/activate-premium', { paymentIntentId });
export const cancelSubscription = () => apiJson<TCancelSubscriptionResult>('POST', '/api/cancel-subscription');

/** Premium changes what the shell shows (the badge, isPremium) and the plan page. */
function useRefreshPremium() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: subscriptionStatusQueryKey }),
      qc.invalidateQueries({ queryKey: userQueryKey }),
    ]);
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}

export function useActivatePremium() {
  const refresh = useRefreshPremium();
  return useMutation({ mutationFn: activatePremium, onSuccess: refresh });
}

/** Cancel at period end (the member keeps what they paid for), then the status is re-fetched. */
export function useCancelSubscription() {
  const refresh = useRefreshPremium();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: refresh });
}
