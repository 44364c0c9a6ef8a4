import type { RealtimeNotification } from '@shared/realtime/events';
import type { TSyncCollection } from '@shared/sync-texts';
import type { Logger } from '../logger';

/** Writes that other members should see; the notifications module (and later realtime) listen. */
export type DomainEvents = {
  'user:followed': { followerId: string; followingId: string };
  'project:created': { actorId: string; projectId: number };
  'project:updated': { actorId: string; projectId: number };
  'project:liked': { actorId: string; projectId: number };
  'project:commented': { actorId: string; projectId: number; commentId: number };
  'project:rated': { actorId: string; projectId: number; rating: number };
  'project:shared': { actorId: string; projectId: number };
  /** Sessions were signed out (by their handles): the sockets opened with them are disconnected. */
  'sessions:ended': { handles: string[] };
  /** An account was suspended or deleted: its sessions are destroyed and its sockets disconnected. */
  'user:access-revoked': { userId: string };
  /** A notification was stored for userId; realtime pushes it to their open sessions. */
  'notification:created': { userId: string; notification: RealtimeNotification };
  /** A first page found the member's recommendations stale: they are ranked again in the background. */
  'recommendations:stale': { userId: string };
  /** A member's synced collection changed: their open clients pull it (realtime signals them). */
  'sync:changed': { userId: string; collection: TSyncCollection };
};
export type DomainEventName = keyof DomainEvents;
/** One event with its payload, e.g. to replay a list of them. */
export type AnyDomainEvent = { [K in DomainEventName]: { name: K; payload: DomainEvents[K] } }[DomainEventName];
type Handler<K extends DomainEventName> = (payload: DomainEvents[K]) => Promise<void> | void;
type BatchHandler<K extends DomainEventName> = (payloads: DomainEvents[K][]) => Promise<void> | void;

/** Events whose handlers finish before the write that emits them answers (security: sessions end at once). */
const BEFORE_ANSWER: ReadonlySet<DomainEventName> = new Set(['user:access-revoked', 'sessions:ended']);
/** Handlers of this many events (or batches) run at once. */
const CONCURRENCY = 4;
/** Beyond this many waiting events, a write waits for its own handlers (back-pressure instead of memory). */
const MAX_QUEUED = 10_000;
/** At most this many waiting events of one name go to its batch handlers in one call. */
const MAX_BATCH = 500;

type Group = { name: DomainEventName; payloads: unknown[] };

/**
 * In-process event bus. A write's side effects (notifications and their pushes, trending scores,
 * analytics counters, sync signals) run after its answer, from a queue on the instance that made the
 * write, so each runs once; `idle()` resolves when the queue is empty and SIGTERM waits for it (stop()
 * in start-server.ts). A process that dies without SIGTERM loses the side effects still queued (the
 * write itself is stored; the 5-minute bulk refresh repairs scores). A failing handler is logged and
 * never fails the write that emitted the event.
 *
 * Events of a name with batch handlers (onBatch: likes, comments, ratings, shares) that wait in the
 * queue join one group, handled together: under load, a statement per batch instead of one per event
 * (each query's socket write was most of a like's cost). No timer: an event that finds a free slot is
 * handled at once, as before (a like still moves trending before the member's next read).
 */
export class EventBus {
  private handlers = new Map<DomainEventName, Handler<never>[]>();
  private batchHandlers = new Map<DomainEventName, BatchHandler<never>[]>();
  private queue: Group[] = [];
  /** The group still waiting in the queue for each batched name, which new events of that name join. */
  private open = new Map<DomainEventName, Group>();
  private waiting = 0;
  private running = 0;
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly logger: Logger) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as Handler<never>);
    this.handlers.set(name, list);
  }

  /** Handles the events of this name in batches: the payloads of the events gathered together, in order. */
  onBatch<K extends DomainEventName>(name: K, handler: BatchHandler<K>): void {
    const list = this.batchHandlers.get(name) ?? [];
    list.push(handler as BatchHandler<never>);
    this.batchHandlers.set(name, list);
  }

  /** Emits an event held as data (name and payload together). */
  emitEvent(event: AnyDomainEvent): Promise<void> {
    return this.emit(event.name, event.payload as DomainEvents[typeof event.name]);
  }

  /** Queues the event's handlers; resolves at once, or once they ran for BEFORE_ANSWER events (and under back-pressure). */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    if (BEFORE_ANSWER.has(name) || this.waiting >= MAX_QUEUED) return this.handle(name, [payload]);
    this.waiting++;
    const waitingGroup = this.open.get(name);
    if (waitingGroup && waitingGroup.payloads.length < MAX_BATCH) {
      waitingGroup.payloads.push(payload);
      return Promise.resolve();
    }
    const group: Group = { name, payloads: [payload] };
    if (this.batchHandlers.has(name)) this.open.set(name, group);
    this.enqueue(group);
    return Promise.resolve();
  }

  /** Resolves once every queued event has been handled (including events its handlers emitted). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private enqueue(group: Group): void {
    this.queue.push(group);
    // After the current turn, so the answer is written before the handlers start their queries.
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    }
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.queue.length > 0) {
      const group = this.queue.shift()!;
      if (this.open.get(group.name) === group) this.open.delete(group.name);
      this.running++;
      void this.handle(group.name, group.payloads as DomainEvents[DomainEventName][]).finally(() => {
        this.running--;
        this.waiting -= group.payloads.length;
        this.pump();
        if (this.running === 0 && this.waiting === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  /** Batch handlers with every payload, then the other handlers payload by payload, each in order. */
  private async handle<K extends DomainEventName>(name: K, payloads: DomainEvents[K][]): Promise<void> {
    for (const handler of (this.batchHandlers.get(name) ?? []) as BatchHandler<K>[]) {
      await this.guard(name, () => handler(payloads));
    }
    for (const payload of payloads) {
      for (const handler of (this.handlers.get(name) ?? []) as Handler<K>[]) await this.guard(name, () => handler(payload));
    }
  }

  private async guard(name: DomainEventName, run: () => Promise<void> | void): Promise<void> {
    try {
      await run();
    } catch (err) {
      this.logger.error({ err, event: name }, 'event handler failed');
    }
  }
}
