import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '@shared/schemas/notification';
import { isQueued, sendWrite } from '../writes/send-write';
import { notificationsQueryKey, unreadCountQueryKey } from '@web/lib/query-keys';

export const markNotificationRead = (id: number) =>
  sendWrite<TNotification>({ kind: 'mark-read', notificationId: id });

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    networkMode: 'always',
    onSuccess: async (answer, id) => {
      qc.setQueryData<TNotification[]>(notificationsQueryKey, (list) =>
        list?.map((n) => (n.id !== id ? n : isQueued(answer) ? { ...n, read: true } : answer)),
      );
      if (isQueued(answer)) {
        return void qc.setQueryData<{ count: number }>(unreadCountQueryKey, (c) => (c ? { count: Math.max(0, c.count - 1) } : c));
      }
      await qc.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
  });
}
