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

/** Installs that failed while the browser said it was online, after which it is not the network: given up. */
const ONLINE_FAILURES_MAX = 3;

/**
 * Registers the worker until it is active. A script or a shell that could not be fetched (a TypeError)
 * is tried again once the network is back, or after a wait while it says it is online (each try fetches
 * the whole shell again, so not more than a few times).
 */
export function registerUntilActive(container: ServiceWorkerContainer): void {
  let onlineFailures = 0;
  const register = () =>
    container
      .register('/sw.js', { scope: '/' })
      .then(activated)
      .catch((err: unknown) => {
        console.warn('Service worker not registered', err);
        // Anything else (workers disabled, a bad script) would fail the same way every time.
        if (err instanceof TypeError && (!navigator.onLine || ++onlineFailures < ONLINE_FAILURES_MAX)) throw err;
      });
  loadWhenOnline(register, () => undefined)();
}

/**
 * The service worker precaches the app shell so a reload offline opens the app (web only, built app only).
 * A first visit that lost the network before the worker's script or the shell came registers it again
 * once the network is back; without that, the page would not open offline until the next visit online.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  registerUntilActive(navigator.serviceWorker);
}
