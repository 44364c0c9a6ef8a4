// The member's writes that work offline: sent at once with an Idempotency-Key, or queued in the outbox
// of the local store and sent when the network is back.
import type { QueryClient } from '@tanstack/react-query';
import { createOutbox, type FlushResult, type QueuedWrite } from '@web/offline/outbox';
import { routeOf, typedWrite, type TRequestWrite, type TWrite } from './write-routes';

export { isQueued, type QueuedWrite } from '@web/offline/outbox';

const outbox = createOutbox<TWrite | TRequestWrite>((stored) => {
  const write = typedWrite(stored);
  if (!write) throw new Error('This change was made by an older version of the app and cannot be sent');
  return routeOf(write);
});

/** Answers the server's JSON, or a QueuedWrite the caller shows as pending. */
export const sendWrite = <T>(write: TWrite): Promise<T | QueuedWrite> => outbox.sendWrite<T>(write);

/** Sends the queued writes in order (at start and when the network returns). */
export const flushWrites = (qc: QueryClient): Promise<FlushResult> => outbox.flush(qc);

/** The queued writes, oldest first, as they change. */
export const watchWrites = (onChange: (writes: { id: string; write: TWrite }[]) => void): Promise<() => void> =>
  outbox.watch((items) =>
    onChange(items.flatMap(({ id, write }) => {
      const typed = typedWrite(write);
      return typed ? [{ id, write: typed }] : [];
    })),
  );
