// The network state and the offline texts: light enough for the first paint (the signed-in shell's
// offline banner); the local store itself loads only when the banner shows.
import { useEffect, useState, useSyncExternalStore } from 'react';

export const OFFLINE_TEXTS = {
  banner: 'You are offline',
  lastSynced: 'Last synced',
  neverSynced: 'Not synced on this device yet',
  queueSent: 'Offline changes sent',
  queueSentDetail: (n: number) => `${n} change${n === 1 ? '' : 's'} made offline reached the server.`,
  writeFailed: 'An offline change could not be applied',
  pending: 'Pending',
} as const;

function subscribeOnline(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** When the store last took an answer from the server, refreshed when the network comes and goes. */
export function useLastSynced(): number | null {
  const online = useOnlineStatus();
  const [at, setAt] = useState<number | null>(null);
  useEffect(() => {
    void import('./query-persistence').then((m) => m.lastSyncedAt()).then(setAt, () => undefined);
  }, [online]);
  return at;
}
