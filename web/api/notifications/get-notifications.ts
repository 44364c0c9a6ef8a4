import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNotification } from '@shared/schemas/notification';
import { apiJson } from '@web/lib/api-client';
import { notificationsQueryKey } from '@web/lib/query-keys';

export const getNotifications = () => apiJson<TNotification[]>('GET', '/api/notifications');

export const getNotificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsQueryKey, queryFn: getNotifications });

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
