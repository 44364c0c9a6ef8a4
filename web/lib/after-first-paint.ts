import { createElement, lazy, startTransition, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

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

/**
 * How long after the first screen work that only matters offline (the local store) waits. Online nothing
 * on screen comes from it, and its code (about 100 kB compressed) and its start (opening IndexedDB,
 * preparing seven collections, storing every answer) held a slow phone's main thread for seconds while
 * the member was looking at the first screen and starting to use it.
 */
export const SETTLED_DELAY_MS = 5000;

let settled: Promise<void> | null = null;
let settleNow: (() => void) | null = null;

/**
 * Settles the page at once: a screen opened the local store for its own use (drafts, pending writes),
 * so its cost is paid and what waits for it (storing answers, the offline sync) may start.
 */
export function markPageSettled(): void {
  if (typeof document === 'undefined') return;
  void pageSettled();
  settleNow?.();
}

/** Resolves once the page has settled (see afterPageSettled). */
function pageSettled(): Promise<void> {
  return (settled ??= new Promise<void>((resolve) => {
    const now = () => {
      settleNow = null;
      window.removeEventListener('offline', now);
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    };
    // Needed at once: without a network the store is all there is, and a page put in the background
    // (a phone locked, another tab) may never be looked at again, so what it holds is kept now.
    const onHidden = () => document.visibilityState === 'hidden' && now();
    settleNow = now;
    window.addEventListener('offline', now);
    document.addEventListener('visibilitychange', onHidden);
    if (!navigator.onLine || document.visibilityState === 'hidden') return now();
    afterFirstPaint(() => setTimeout(() => afterFirstPaint(now), SETTLED_DELAY_MS));
  }));
}

/**
 * Runs `task` once the page has settled: SETTLED_DELAY_MS after its first screen was painted, in an idle
 * period; sooner when the network goes, the page is hidden or a screen opens the local store
 * (markPageSettled). Returns a function that cancels it if still pending.
 */
export function afterPageSettled(task: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  let cancelled = false;
  void pageSettled().then(() => !cancelled && task());
  return () => {
    cancelled = true;
  };
}

/**
 * False until the page has shown its first screen and gone idle (see afterFirstPaint), then true. What it
 * adds renders as a transition, in short slices, so it never holds the main thread for long.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => startTransition(() => setReady(true))), []);
  return ready;
}

/** False until the page has settled (see afterPageSettled), then true (rendered as a transition). */
export function usePageSettled(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterPageSettled(() => startTransition(() => setReady(true))), []);
  return ready;
}

/** For lazyPart: a part fetched only when it is first rendered (a page, a popover), never ahead. */
export const WHEN_RENDERED = (): void => undefined;

/**
 * React.lazy for a part the first paint does not need: its chunk is fetched after the first paint (see
 * afterFirstPaint; `schedule` picks another moment), or sooner when the part is first rendered. A chunk that cannot load (the network
 * went away before it came) renders `fallback` (else nothing) until the network is back, then loads and
 * renders: the offline sync in it must still send what was queued offline (browsers retry a failed import).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback?: ComponentType<P>,
  schedule: (task: () => void) => void = afterFirstPaint,
): LazyExoticComponent<ComponentType<P>> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        console.warn('A part of the page could not load; it loads when the network is back', err);
        return { default: whenOnline(load, fallback) };
      },
    ));
  schedule(() => void preload());
  return lazy(preload);
}

/** The first wait before fetching again a chunk that failed while the browser said it was online. */
const FIRST_RETRY_MS = 500;
/** The longest wait between two such tries (the wait doubles from FIRST_RETRY_MS). */
const MAX_RETRY_MS = 30_000;

/**
 * For something whose fetch has just failed (or is tried now, with the returned function): calls `load`
 * again each time the browser comes back online, and while it says it is online, again after a growing
 * wait (the online event can come before requests get through, or before the failure was known), until
 * it succeeds; then hands the result to `loaded` once. Returns a function that tries at once (unless a
 * try is under way). Aborting `signal` stops the tries and drops a result still to come.
 */
export function loadWhenOnline<T>(load: () => Promise<T>, loaded: (value: T) => void, signal?: AbortSignal): () => void {
  let done = false;
  let trying = false;
  let delay = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    done = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
  };
  const tryLater = () => {
    timer = setTimeout(retry, delay);
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  };
  const retry = () => {
    if (done || trying) return;
    clearTimeout(timer);
    trying = true;
    load().then(
      (value) => {
        if (done) return;
        stop();
        loaded(value);
      },
      () => {
        trying = false;
        if (!done && navigator.onLine) tryLater();
      },
    );
  };
  const onOnline = () => {
    delay = FIRST_RETRY_MS;
    retry();
  };
  window.addEventListener('online', onOnline);
  // Online already: the failure may have been known only after the online event, which will not come again.
  if (navigator.onLine) tryLater();
  if (signal?.aborted) stop();
  else signal?.addEventListener('abort', stop, { once: true });
  return retry;
}

/**
 * A stand-in (showing `fallback` meanwhile) for a part whose chunk could not load: the chunk is fetched
 * again when the browser is back online (see loadWhenOnline), mounted or not (a part shown only offline
 * is not mounted then), until it comes; mounted stand-ins then render it.
 */
function whenOnline<P extends object>(load: () => Promise<ComponentType<P>>, fallback?: ComponentType<P>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  const waiting = new Set<(part: ComponentType<P>) => void>();
  const retry = loadWhenOnline(load, (component) => {
    loaded = component;
    for (const show of waiting) show(component);
  });
  return function PartWhenOnline(props: P) {
    const [part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (part) return;
      if (loaded) {
        setPart(() => loaded);
        return;
      }
      const show = (component: ComponentType<P>) => setPart(() => component);
      waiting.add(show);
      if (navigator.onLine) retry();
      return () => void waiting.delete(show);
    }, [part]);
    const shown = part ?? fallback;
    return shown ? createElement(shown, props) : null;
  };
}
