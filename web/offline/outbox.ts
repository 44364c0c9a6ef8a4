// Writes made without a network wait here (in the local store, so a reload keeps them) and are sent
// once the network is back, each with its id as Idempotency-Key: a retry after a lost answer is applied
// once by the server. A write that can no longer apply (its project was deleted) ends with a message.
import type { QueryClient } from '@tanstack/react-query';
import { SYNC_MESSAGES } from '@shared/sync-texts';
import { ApiError } from '@web/lib/api-client';
import { localStore, type OutboxDoc } from './local-store';

const IN_PROGRESS = SYNC_MESSAGES.idempotencyInProgress;

export type QueuedWrite = { queued: true; id: string };
export type WriteRequest = { method: string; url: string; body?: unknown; label: string; refresh?: readonly (readonly unknown[])[] };

export const isQueued = (v: unknown): v is QueuedWrite => typeof v === 'object' && v !== null && (v as QueuedWrite).queued === true;

function newKey(): string {
  return crypto.randomUUID();
}

/** Bodies made when a write is sent, not when it is queued (a draft's publish carries the files kept
 * on this device, which a queued JSON body cannot hold). */
const formBodies: [RegExp, (url: string) => Promise<FormData | null>][] = [];
export function formBodyFor(url: RegExp, build: (url: string) => Promise<FormData | null>): void {
  formBodies.push([url, build]);
}

async function send(method: string, url: string, body: string | null, key: string): Promise<Response> {
  let form: FormData | null = null;
  for (const [re, build] of formBodies) if (re.test(url)) form = await build(url);
  return fetch(url, {
    method,
    headers: { 'Idempotency-Key': key, ...(form === null && body !== null ? { 'Content-Type': 'application/json' } : {}) },
    body: form ?? body ?? undefined,
    credentials: 'include',
  });
}

async function enqueue(req: WriteRequest, key: string): Promise<QueuedWrite> {
  const db = await localStore();
  if (!db) throw new Error('You are offline');
  await db.outbox.insert({
    id: key,
    method: req.method,
    url: req.url,
    body: req.body === undefined ? null : JSON.stringify(req.body),
    label: req.label,
    refresh: (req.refresh ?? []).map((k) => JSON.stringify(k)),
    createdAt: Date.now(),
    state: 'pending',
    error: null,
  });
  return { queued: true, id: key };
}

/**
 * Sends a write now, or queues it when there is no network (offline, or the request could not reach the
 * server). Answers the server's JSON, or a QueuedWrite the caller shows as pending.
 */
export async function sendWrite<T>(req: WriteRequest): Promise<T | QueuedWrite> {
  const key = newKey();
  const body = req.body === undefined ? null : JSON.stringify(req.body);
  if (!navigator.onLine) return enqueue(req, key);
  let res: Response;
  try {
    res = await send(req.method, req.url, body, key);
  } catch {
    return enqueue(req, key); // no answer: the same key makes the replay safe if it did arrive
  }
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** Work that must finish before a queued write is sent (a publish needs its draft on the server). */
const beforeSend: [string, () => Promise<void>][] = [];
export function beforeSending(urlPrefix: string, wait: () => Promise<void>): void {
  beforeSend.push([urlPrefix, wait]);
}
/** Work after a queued write was applied (a published draft is pulled again). */
const afterSend: [string, (url: string) => void][] = [];
export function afterSending(urlPrefix: string, then: (url: string) => void): void {
  afterSend.push([urlPrefix, then]);
}

export type FlushResult = { sent: number; failed: { label: string; message: string }[] };
let flushing: Promise<FlushResult> | null = null;

/** Sends the queued writes in order; stops at the first that cannot reach the server. */
export function flushOutbox(qc: QueryClient): Promise<FlushResult> {
  flushing ??= (async () => {
    const result: FlushResult = { sent: 0, failed: [] };
    const db = await localStore();
    if (!db) return result;
    const pending = await db.outbox.find({ selector: { state: 'pending' }, sort: [{ createdAt: 'asc' }] }).exec();
    for (const item of pending) {
      for (const [prefix, wait] of beforeSend) if (item.url.startsWith(prefix)) await wait();
      let res: Response;
      try {
        res = await send(item.method, item.url, item.body, item.id);
      } catch {
        break; // still offline: keep the rest in order
      }
      const text = res.ok ? '' : await res.text();
      const message = new ApiError(res.status, text, res.statusText).serverMessage ?? res.statusText;
      // Later: a server error, a rate limit, or the first send of this key still running.
      if (res.status >= 500 || res.status === 429 || message === IN_PROGRESS) break;
      if (res.ok) {
        await item.remove();
        result.sent++;
        for (const [prefix, then] of afterSend) if (item.url.startsWith(prefix)) then(item.url);
      } else {
        // It can never apply (the project is gone, the input is refused): say so once and drop it.
        await item.remove();
        result.failed.push({ label: item.label, message });
      }
      for (const key of item.refresh) await qc.invalidateQueries({ queryKey: JSON.parse(key) as unknown[] });
    }
    return result;
  })().finally(() => (flushing = null));
  return flushing;
}

/** Every queued write, oldest first, as it changes (pending marks in the UI). */
export async function watchOutbox(onChange: (items: OutboxDoc[]) => void): Promise<() => void> {
  const db = await localStore();
  if (!db) return () => undefined;
  const sub = db.outbox.find({ sort: [{ createdAt: 'asc' }] }).$.subscribe((docs) => onChange(docs.map((d) => d.toJSON() as OutboxDoc)));
  return () => sub.unsubscribe();
}

