import { createElement, lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

// Work the first screen does not need (the offline store, the service worker, the live socket, the
// offline sync, parts of the page that are closed or below the fold) starts once the page has loaded, has
// painted its first screen and the main thread is idle, so it never competes with the first paint for
// the network or the CPU.

/** The longest a deferred task waits for an idle moment once the first screen is up. */
const IDLE_TIMEOUT_MS = 2000;
/** The longest deferred work waits for the first screen after the load event (a screen that never comes). */
const FIRST_SCREEN_TIMEOUT_MS = 5000;

let firstScreenShown!: () => void;
const firstScreen = new Promise<void>((resolve) => (firstScreenShown = resolve));

/** The router calls this once the first screen (not the loading screen) has rendered. */
export function markFirstScreenShown(): void {
  firstScreenShown();
}

let firstPaintDone: Promise<void> | null = null;

/** After the load event and the first screen (its effects run after it is painted), or the timeout. */
function firstScreenPainted(): Promise<void> {
  return (firstPaintDone ??= new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  }).then(() => Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_TIMEOUT_MS))])));
}

/**
 * Runs `task` once the page has loaded and shown its first screen, in an idle period; the returned
 * function cancels it if still pending.
 */
export function afterFirstPaint(task: () => void): () => void {
  // Not in a browser (unit tests import UI modules): nothing to wait for, nothing to run.
  if (typeof document === 'undefined') return () => undefined;
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => !cancelled && task(), { timeout: IDLE_TIMEOUT_MS });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(() => !cancelled && task(), 1);
      cancelIdle = () => clearTimeout(id);
    }
  };
  void firstScreenPainted().then(schedule);
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}

/** False until the page has shown its first screen and gone idle (see afterFirstPaint), then true. */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true)), []);
  return ready;
}

/**
 * React.lazy for a part the first paint does not need: its chunk is fetched after the first paint (see
 * afterFirstPaint), or sooner when the part is first rendered. A chunk that cannot load (the network
 * went away before it came) renders nothing until the network is back, then loads and renders: the
 * offline sync in it must still send what was queued offline (browsers retry a failed import).
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        console.warn('A part of the page could not load; it loads when the network is back', err);
        return { default: whenOnline(load) };
      },
    ));
  afterFirstPaint(() => void preload());
  return lazy(preload);
}

/** A stand-in that loads the part each time the browser comes back online, until it has it. */
function whenOnline<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  return function PartWhenOnline(props: P) {
    const [part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (part) return;
      let live = true;
      const retry = () =>
        void load().then(
          (component) => {
            loaded = component;
            if (live) setPart(() => component);
          },
          () => undefined,
        );
      window.addEventListener('online', retry);
      if (navigator.onLine) retry();
      return () => {
        live = false;
        window.removeEventListener('online', retry);
      };
    }, [part]);
    return part ? createElement(part, props) : null;
  };
}
