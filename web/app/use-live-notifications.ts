import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { isAppPath } from '@shared/desktop/app-paths';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime/events';
import { jitteredDelay, socketOptions } from '@shared/realtime/transport';
import { useToast } from '@web/components/toaster';
import { signalSync } from '@web/lib/sync-signals';
import { notificationsQueryKey, unreadCountQueryKey, userQueryKey } from '@web/lib/query-keys';
import { platform } from '@web/platform';
import { loadWhenOnline } from '@web/lib/after-first-paint';

/** Where clicking a native notification goes: its link when that is a plain app path, else the list. */
export function notificationTarget(link: string | null): string {
  return link && isAppPath(link) ? link : '/notifications';
}

/**
 * Whether a push was already shown, among the last `limit`: a replay that overlaps live delivery (a
 * recovery served from Redis while the new instance's reader catches up) brings the same notification twice.
 */
export function pushSeenBefore(limit = 200): (id: number) => boolean {
  const seen = new Set<number>();
  return (id) => {
    if (seen.has(id)) return true;
    seen.add(id);
    if (seen.size > limit) seen.delete(seen.values().next().value!);
    return false;
  };
}

/**
 * While a member is signed in, notifications arrive live over Socket.IO: the notification queries are
 * refreshed and a toast tells what happened. In the desktop app a window without focus also shows a
 * native notification (clicking it shows the notification's target). The session cookie authenticates
 * the socket (in the desktop app, the app:// forwarder adds it in the main process).
 *
 * The socket (docs/decisions.md, Realtime): WebSocket first, long-polling fallback (the desktop
 * app polls through its app:// forwarder); after any disconnect it comes back with jittered backoff, also
 * when the server closed it ('io server disconnect', which Socket.IO itself never retries). Coming back
 * within the recovery window replays the missed pushes (their toasts); after every connection the
 * notification list and unread count are refetched as well, so nothing stays missing.
 */
export function useLiveNotifications(userId: string | null | undefined): void {
  const queryClient = useQueryClient();
  const { toast } = useToast();

  useEffect(() => {
    if (!userId) return;
    // The client library is loaded after the first paint: it is not needed to show the page.
    let socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const refreshNotifications = () => {
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    };
    // A client library that could not come (the network went first) is fetched again once it is back.
    const loading = new AbortController();
    const loadClient = () => Promise.all([import('socket.io-client'), platform.loadSocketTransports()]);
    loadWhenOnline(loadClient, ([{ io }, transports]) => {
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = io({ ...socketOptions, ...(transports ? { transports } : {}) });
      socket = s;
      let hasConnected = false;
      let attempt = 0;
      const seenBefore = pushSeenBefore();
      s.on('notification:new', (n) => {
        if (seenBefore(n.id)) return;
        refreshNotifications();
        signalSync('notifications');
        toast({ title: n.title, description: n.message });
        if (platform.isDesktop && !document.hasFocus()) {
          platform.notify(n.title, n.message, notificationTarget(n.link)).catch(() => undefined);
        }
      });
      s.on('sync:changed', ({ collection }) => signalSync(collection));
      s.on('connect', () => {
        attempt = 0;
        // Every connection resyncs the notifications, the first one too: the socket connects once the
        // page is idle, after the list and count were read, and a push sent in between reached no room.
        // A reconnection, a recovered one too, resyncs everything: recovery replays what the socket missed
        // (and what came while it was signed in again), but what a server no longer holds, or a session
        // past the window, only the refetch brings back.
        refreshNotifications();
        if (hasConnected) signalSync('all');
        hasConnected = true;
      });
      s.on('disconnect', (reason) => {
        if (reason !== 'io server disconnect') return; // every other reason reconnects by itself, with jitter
        // The server drops the socket when the account is suspended or deleted: re-read the user, whose
        // 401 signs this tab out at once; otherwise (a drain) come back with jitter.
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
        retry = setTimeout(() => {
          retry = null;
          s.connect();
        }, jitteredDelay(attempt++));
      });
    }, loading.signal)();
    return () => {
      loading.abort();
      if (retry) clearTimeout(retry);
      socket?.disconnect();
    };
  }, [userId, queryClient, toast]);
}
