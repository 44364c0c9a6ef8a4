import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { onlineManager } from '@tanstack/react-query';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { ServerGate } from './app/server-gate';
import { afterFirstPaint, afterPageSettled, loadWhenOnline } from './lib/after-first-paint';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';
import { userQueryOptions } from './lib/use-user';
import { platform } from './platform';

const queryClient = createQueryClient();
// Queries wait instead of failing when the page starts without a network (before the offline layer loads).
onlineManager.setOnline(navigator.onLine);

// The first render as a transition: React renders it in short slices instead of one long task.
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <ServerGate>
            <AppRouter />
          </ServerGate>
        </AppProvider>
      </StrictMode>,
    ),
  );
}

// The offline layer. The service worker is registered once the page has loaded and gone idle, so a
// reload offline opens the app (and the local store's code is cached for when the network goes). The
// local store starts once the page has settled (lib/after-first-paint.ts: a few seconds after the first
// screen, or as soon as the network goes or the page is hidden; the answers that came before are stored
// then); offline, before the first paint, where the store is all there is to show.
// Its code may not come (a first visit that lost the network before it did): the page goes on without the
// store, which starts once the network is back.
let offline: Promise<void> | null = null;
const loadOfflineStore = () => import('./offline/boot');
const offlineFailed = (err: unknown) => console.warn('Offline start failed', err);
const bootOffline = (m: Awaited<ReturnType<typeof loadOfflineStore>>) => m.bootOfflineStore(queryClient);
const startOffline = () =>
  (offline ??= loadOfflineStore().then(bootOffline, (err: unknown) => {
    offlineFailed(err);
    loadWhenOnline(loadOfflineStore, (m) => void bootOffline(m).catch(offlineFailed));
  }));
if (navigator.onLine) {
  // In a browser the server is known (the desktop app asks for it first): who is signed in is asked for
  // at once, while React renders, instead of once the first render has committed.
  if (!platform.serverSettings) void queryClient.prefetchQuery(userQueryOptions());
  render();
  afterFirstPaint(registerServiceWorker);
  afterPageSettled(() => void startOffline().catch(offlineFailed));
} else {
  registerServiceWorker();
  void startOffline().catch(offlineFailed).finally(render);
}
