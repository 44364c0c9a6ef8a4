import { Suspense } from 'react';
import { lazyPart } from '@web/lib/after-first-paint';
import { useOnlineStatus } from '@web/offline/online-status';

// The banner itself (and the local store it reads) loads when the page is idle, before it is needed.
const OfflineAlert = lazyPart(() => import('./offline-alert').then((m) => m.OfflineAlert));

/** Shown while there is no network: the screens show what the device last synced, and when. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Suspense fallback={null}>
      <OfflineAlert />
    </Suspense>
  );
}
