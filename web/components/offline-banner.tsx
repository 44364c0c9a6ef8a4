import { Suspense } from 'react';
import { lazyPart } from '@web/lib/after-first-paint';
import { OFFLINE_TEXTS, useOnlineStatus } from '@web/offline/online-status';

/**
 * The banner's text alone, without the local store or MUI's Alert: shown while the full banner's chunk
 * loads, and when the network went away before it came (a first visit, no service worker yet).
 */
function PlainOfflineBanner() {
  return (
    <div
      role="status"
      data-testid="offline-banner"
      style={{ marginBottom: 16, padding: '6px 16px', borderRadius: 4, background: '#fff4e5', color: '#663c00' }}
    >
      <strong>{OFFLINE_TEXTS.banner}</strong>
    </div>
  );
}

// The banner itself (and the local store it reads) loads when the page is idle, before it is needed.
const OfflineAlert = lazyPart(() => import('./offline-alert').then((m) => m.OfflineAlert), PlainOfflineBanner);

/** Shown while there is no network: the screens show what the device last synced, and when. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <Suspense fallback={<PlainOfflineBanner />}>
      <OfflineAlert />
    </Suspense>
  );
}
