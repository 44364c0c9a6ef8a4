import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationSettings, TNotificationSettingsUpdate } from '@shared/schemas/notification-settings';
import { apiJson } from '@web/lib/api-client';
import { notificationSettingsQueryKey } from '@web/lib/query-keys';

// The route is named once, in its query key.
const [PATH] = notificationSettingsQueryKey;

export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsQueryKey, queryFn: () => apiJson<TNotificationSettings>('GET', PATH), staleTime: 0 });
}

/** Saves the kinds changed; the answer (every kind) replaces what the screen holds. */
export function useUpdateNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: TNotificationSettingsUpdate) => apiJson<TNotificationSettings>('PUT', PATH, change),
    onSuccess: (settings) => qc.setQueryData(notificationSettingsQueryKey, settings),
  });
}
