// The live socket (use-live-notifications) tells the offline store which synced collection to pull.
// A plain listener set, so the socket code does not load the store (it is loaded lazily).
import type { TSyncCollection } from '@shared/sync-texts';

/** A collection to pull, or 'all' after a reconnect that may have missed signals. */
type SyncSignal = TSyncCollection | 'all';
type Listener = (signal: SyncSignal) => void;

const listeners = new Set<Listener>();

export function onSyncSignal(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function signalSync(signal: SyncSignal): void {
  for (const listener of listeners) listener(signal);
}
