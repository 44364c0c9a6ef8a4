// A sync request answered 401: the session is gone (signed out on another tab or device, expired, the
// account suspended). Sync ends and the local store is wiped, so whoever uses this browser next sees
// nothing of this member's data.
import { ApiError, apiJson } from '@web/lib/api-client';
import { wipeLocalStore } from './local-store';

const stops = new Set<() => Promise<void> | void>();
let ending: Promise<void> | null = null;

/** Registers how to stop one replication when the session ends; answers the unregister function. */
export function stopWhenSignedOut(stop: () => Promise<void> | void): () => void {
  stops.add(stop);
  return () => void stops.delete(stop);
}

function endSyncSignedOut(): Promise<void> {
  ending ??= (async () => {
    const all = [...stops];
    stops.clear();
    await Promise.all(all.map((stop) => stop()));
    await wipeLocalStore();
  })().finally(() => (ending = null));
  return ending;
}

/** A sync request through the API client; its 401 ends sync (and is thrown on, as any error). */
export async function syncJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  try {
    return await apiJson<T>(method, url, body);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) void endSyncSignedOut();
    throw err;
  }
}
