import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime/events';
import { useToast } from '@web/components/toaster';

/**
 * While a member is signed in, notifications arrive live over Socket.IO: the notification queries are
 * refreshed and a toast tells what happened. The session cookie authenticates the socket.
 */
export function useLiveNotifications(userId: string | null | undefined): void {
  const queryClient = useQueryClient();
  const { toast } = useToast();

  useEffect(() => {
    if (!userId) return;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({ withCredentials: true });
    socket.on('notification:new', (n) => {
      void queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0] ?? '').startsWith('/api/notifications'),
      });
      toast({ title: n.title, description: n.message });
    });
    return () => {
      socket.disconnect();
    };
  }, [userId, queryClient, toast]);
}
