import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnreadCount } from '@shared/schemas/notification';
import { apiJson } from '@web/lib/api-client';
import { unreadCountQueryKey } from '@web/lib/query-keys';

export const getUnreadCount = () => apiJson<TUnreadCount>('GET', '/api/notifications/unread-count');

export const getUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: unreadCountQueryKey, queryFn: getUnreadCount });

/** The number on the sidebar's Notifications item. */
export function useUnreadCount() {
  return useQuery(getUnreadCountQueryOptions());
}
