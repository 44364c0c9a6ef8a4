// Writes made without a network wait here (in the local store, so a reload keeps them) and are sent
// once the network is back, each with its id as Idempotency-Key: a retry after a lost answer is applied
// once by the server. A write that can no longer apply (its project was deleted) ends with a message.
// The outbox holds typed writes and knows nothing of the API: the data layer above (web/api) tells it
// how each kind of write is sent, what it refreshes and what follows it.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ERROR_REASONS } from '@shared/errors';
import { ApiError, apiJson } from '@web/lib/api-client';
import { localStore, type OutboxDoc } from './local-store';

/** A write as the data layer types it: its kind and its own fields, stored as they are. */
type TypedWrite = { kind: string };

/** How one write is sent, and what comes before and after it. */
export type WriteRoute = {
  method: string;
  url: string;
  /** JSON body; a body made when sending (the files a draft keeps on this device) comes from `form`. */
  body?: unknown;
  form?: () => Promise<FormData | null>;
  /** Shown in the pending mark and in the message of a write that could not apply. */
  label: string;
  /** Queries fetched again once the queued write was sent. */
  refresh: readonly QueryKey[];
  /** Work that must finish before a queued write is sent (a publish needs its draft on the server). */
  before?: () => Promise<void>;
  /** Work once the server applied the write, sent at once or from the queue. */
  after?: () => void;
};

export type QueuedWrite = { queued: true; id: string };
export const isQueued = (v: unknown): v is QueuedWrite => typeof v === 'object' && v !== null && (v as QueuedWrite).queued === true;

/** What became of one send: the server applied it, or why not. */
export type SendOutcome =
  | { code: 'applied'; answer: unknown }
  /** No answer (offline, the connection dropped): the write may or may not have arrived. */
  | { code: 'unreachable' }
  /** The server cannot take it now (an error on its side, a rate limit, the first send still running). */
  | { code: 'later'; error: ApiError }
  /** The server refused it for good (the project is gone, the input is refused). */
  | { code: 'refused'; error: ApiError };

/** Classifies a failed send by its status and the server's error code, never by its text. */
export function outcomeOf(err: unknown): SendOutcome {
  if (!(err instanceof ApiError)) return { code: 'unreachable' };
  const later = err.status >= 500 || err.status === 429 || err.serverCode === ERROR_REASONS.idempotencyInProgress;
  return { code: later ? 'later' : 'refused', error: err };
}

/** Sends one write with its key; `before` and `after` run around it. */
async function send(route: WriteRoute, key: string): Promise<SendOutcome> {
  try {
    await route.before?.();
    const form = route.form ? await route.form() : null;
    const answer = await apiJson<unknown>(route.method, route.url, form ?? route.body, { 'Idempotency-Key': key });
    route.after?.();
    return { code: 'applied', answer };
  } catch (err) {
    return outcomeOf(err);
  }
}

export type FlushResult = { sent: number; failed: { label: string; message: string }[] };

/**
 * The outbox for one kind of typed write: `routeOf` tells how a write is sent. A stored write that can no
 * longer be read (`routeOf` throws) ends as refused, with the thrown message.
 */
export function createOutbox<W extends TypedWrite>(routeOf: (write: W) => WriteRoute) {
  /** Enqueues one at a time, so each reads the newest queued write before its own is stored. */
  let enqueued: Promise<unknown> = Promise.resolve();

  /**
   * Queues a write after every write queued before it. Writes are sent in `createdAt` order, and two
   * writes of the same millisecond would tie (their random ids would then decide): a write's time is
   * kept strictly after the newest queued one, which a reload also finds in the store.
   */
  function enqueue(write: W, key: string): Promise<QueuedWrite> {
    const queued = enqueued.then(async (): Promise<QueuedWrite> => {
      const db = await localStore();
      if (!db) throw new Error('You are offline');
      const newest = await db.outbox.findOne({ sort: [{ createdAt: 'desc' }] }).exec();
      const createdAt = Math.max(Date.now(), (newest?.createdAt ?? 0) + 1);
      await db.outbox.insert({ id: key, write, createdAt, state: 'pending', error: null });
      return { queued: true, id: key };
    });
    enqueued = queued.catch(() => undefined);
    return queued;
  }

  /**
   * Sends a write now, or queues it when there is no network (offline, or the request could not reach
   * the server). Answers the server's JSON, or a QueuedWrite the caller shows as pending; an error answer
   * is thrown as the ApiError it was.
   */
  async function sendWrite<T>(write: W): Promise<T | QueuedWrite> {
    const key = crypto.randomUUID();
    if (!navigator.onLine) return enqueue(write, key);
    const outcome = await send(routeOf(write), key);
    if (outcome.code === 'applied') return outcome.answer as T;
    // No answer: queued, and the same key makes the replay safe if it did arrive.
    if (outcome.code === 'unreachable') return enqueue(write, key);
    throw outcome.error;
  }

  let flushing: Promise<FlushResult> | null = null;

  /** Sends the queued writes in order; stops at the first that cannot be sent now. */
  function flush(qc: QueryClient): Promise<FlushResult> {
    flushing ??= (async () => {
      const result: FlushResult = { sent: 0, failed: [] };
      const db = await localStore();
      if (!db) return result;
      const pending = await db.outbox.find({ selector: { state: 'pending' }, sort: [{ createdAt: 'asc' }] }).exec();
      for (const item of pending) {
        let route: WriteRoute;
        try {
          route = routeOf(item.write as W);
        } catch (err) {
          await item.remove();
          result.failed.push({ label: 'Offline change', message: err instanceof Error ? err.message : String(err) });
          continue;
        }
        const outcome = await send(route, item.id);
        if (outcome.code === 'unreachable' || outcome.code === 'later') break; // keep the rest in order
        await item.remove();
        if (outcome.code === 'applied') result.sent++;
        else result.failed.push({ label: route.label, message: outcome.error.serverMessage ?? outcome.error.message });
        for (const key of route.refresh) await qc.invalidateQueries({ queryKey: key });
      }
      return result;
    })().finally(() => (flushing = null));
    return flushing;
  }

  /** Every queued write, oldest first, as it changes (pending marks in the UI). */
  async function watch(onChange: (items: { id: string; write: W }[]) => void): Promise<() => void> {
    const db = await localStore();
    if (!db) return () => undefined;
    const sub = db.outbox
      .find({ sort: [{ createdAt: 'asc' }] })
      .$.subscribe((docs) => onChange(docs.map((d) => d.toJSON() as OutboxDoc).map((d) => ({ id: d.id, write: d.write as W }))));
    return () => sub.unsubscribe();
  }

  return { sendWrite, flush, watch };
}
