/** The service worker precaches the app shell so a reload offline opens the app (web only, built app only). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((err: unknown) => console.warn('Service worker not registered', err));
}
