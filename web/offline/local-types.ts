// The documents of the local store (web/offline/local-store.ts).

/** A TanStack Query answer kept for offline reads; key is the JSON of the query key. */
export type CachedQueryDoc = { key: string; data: unknown; kind: string; updatedAt: number };
/** A write waiting for the network; id is also its Idempotency-Key. */
export type OutboxDoc = {
  id: string;
  /** The typed write (its kind and fields) as the data layer made it (web/offline/outbox.ts). */
  write: Record<string, unknown>;
  createdAt: number;
  state: 'pending' | 'failed';
  error: string | null;
};
/**
 * A queued write as the first version of the store kept it: the request itself. The store turns it into
 * a write of kind 'request' once (local-store.ts); the data layer reads that as its typed write.
 */
export type StoredRequestV0 = { id: string; method: string; url: string; body: string | null; label: string; refresh: string[]; createdAt: number; state: 'pending' | 'failed'; error: string | null };
export type DraftDoc = {
  id: string;
  data: Record<string, unknown>;
  revision: number;
  publishedProjectId: number | null;
  updatedAt: string;
};
/** One-off values: who owns the store, when it last synced. */
export type MetaDoc = { id: string; value: string };
/**
 * A document of a pull-replicated collection (notifications, saved, own projects) as the server's sync
 * endpoint sends it: `doc` holds the notification or project, `order` sorts the list as the screen does
 * (newest first: the ISO time the screen sorts by).
 */
export type ReplicaDoc = { id: string; doc: Record<string, unknown>; order: string };
