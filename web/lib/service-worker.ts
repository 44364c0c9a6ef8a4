import { loadWhenOnline } from './after-first-paint';

/**
 * Resolves once the registration has a working worker. Rejects when the one installing gives up: it
 * fetches the whole app shell, and on a first visit the network can go while it does.
 */
function activated(registration: ServiceWorkerRegistration): Promise<void> {
  const worker = registration.installing ?? registration.waiting;
  if (registration.active || !worker) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = () => {
      if (worker.state === 'activated') resolve();
      else if (worker.state === 'redundant') reject(new TypeError('The service worker could not install'));
      else return;
      worker.removeEventListener('statechange', settle);
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}

/**
 * The service worker precaches the app shell so a reload offline opens the app (web only, built app only).
 * A first visit that lost the network before the worker's script or the shell came registers it again
 * once the network is back; without that, the page would not open offline until the next visit online.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(activated, (err: unknown) => {
      console.warn('Service worker not registered', err);
      // The script could not be fetched (a TypeError): tried again. Anything else (workers disabled, a
      // bad script) would fail the same way every time.
      if (err instanceof TypeError) throw err;
    });
  loadWhenOnline(register, () => undefined)();
}
