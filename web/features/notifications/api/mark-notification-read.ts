import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '@shared/schemas/notification';
import { apiJson } from '@web/lib/api-client';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-unread-count';

export const markNotificationRead = (id: number) => apiJson<TNotification>('PATCH', `/api/notifications/${id}/read`);

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: async (updated) => {
      qc.setQueryData<TNotification[]>(notificationsQueryKey, (list) => list?.map((n) => (n.id === updated.id ? updated : n)));
      await qc.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
  });
}
