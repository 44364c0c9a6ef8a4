/**
 * The `unload` package's API (used by broadcast-channel, RxDB's leader election, to hand leadership over
 * when a tab goes away), on `pagehide` instead of the deprecated `unload` event: a page with an unload
 * listener is flagged by browsers (Lighthouse's deprecations audit) and kept out of the back/forward
 * cache. `pagehide` with `persisted` false is the page really going away, as `unload` was; a page put
 * in the back/forward cache keeps its leadership. vite.config.ts aliases 'unload' to this file.
 */
type Listener = () => unknown;
type Added = { remove: () => boolean; run: () => unknown };

const listeners = new Set<Listener>();
let listening = false;

export function runAll(): Promise<unknown[]> {
  const results = [...listeners].map((fn) => {
    listeners.delete(fn);
    return fn();
  });
  return Promise.all(results);
}

function listen(): void {
  if (listening || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  listening = true;
  window.addEventListener('beforeunload', () => void runAll(), true);
  window.addEventListener('pagehide', (event) => void (event.persisted ? undefined : runAll()), true);
}

export function add(fn: Listener): Added {
  if (typeof fn !== 'function') throw new Error('Listener is no function');
  listen();
  listeners.add(fn);
  return {
    remove: () => listeners.delete(fn),
    run: () => {
      listeners.delete(fn);
      return fn();
    },
  };
}

export function getSize(): number {
  return listeners.size;
}
