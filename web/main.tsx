import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { ServerGate } from './app/server-gate';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();

function render() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <ServerGate>
          <AppRouter />
        </ServerGate>
      </AppProvider>
    </StrictMode>,
  );
}

// The offline layer (local store, service worker) loads beside the page online, and before the first
// paint offline, where the local store is all there is to show.
const offline = import('./offline/boot').then((m) => {
  m.registerServiceWorker();
  return m.bootOfflineStore(queryClient);
});
if (navigator.onLine) render();
else void offline.catch((err: unknown) => console.warn('Offline start failed', err)).finally(render);
