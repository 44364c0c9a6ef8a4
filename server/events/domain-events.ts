import type { RealtimeNotification } from '@shared/realtime/events';
import type { TSyncCollection } from '@shared/sync-texts';
import type { Db, DbOrTx } from '../db/client';
import { enqueue, type Outbox } from '../jobs/outbox';
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
  /** An admin published a blog post: every member's product news. */
  'blog:published': { actorId: string; postId: number; title: string; slug: string };
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
/**
 * Where a handler writes: for a durable event, the transaction that also marks its outbox rows done (so its
 * writes happen exactly once), and what to do once that commits (pushes, cache drops, in-memory events).
 */
export type HandlerContext = { db: DbOrTx; afterCommit(step: () => unknown): void };
type Handler<K extends DomainEventName> = (payload: DomainEvents[K], ctx: HandlerContext) => Promise<void> | void;
type BatchHandler<K extends DomainEventName> = (payloads: DomainEvents[K][], ctx: HandlerContext) => Promise<void> | void;

/**
 * The writes whose side effects (notifications, mails, analytics counts, scores) must survive a crash:
 * once the bus is bound to the outbox, such an event is a row written with the change (record(tx, ...))
 * and handed to its handlers from there.
 */
export const DURABLE_EVENTS: ReadonlySet<DomainEventName> = new Set([
  'user:followed',
  'project:liked',
  'project:commented',
  'project:rated',
  'project:shared',
  'blog:published',
]);
const topicOf = (name: DomainEventName) => `event:${name}`;

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
  private outbox: Outbox | null = null;
  /** Outbox rows of emit() calls still being written. */
  private writing = new Set<Promise<void>>();

  constructor(
    private readonly logger: Logger,
    private readonly db?: Db,
  ) {}

  /**
   * From now on durable events go through the outbox: each name is one topic whose batches (up to
   * MAX_BATCH) run every handler of the name in one transaction with the rows' done mark.
   */
  bindOutbox(outbox: Outbox): void {
    this.outbox = outbox;
    for (const name of DURABLE_EVENTS) {
      outbox.register<DomainEvents[typeof name]>({
        topic: topicOf(name),
        transactional: true,
        batchSize: MAX_BATCH,
        concurrency: 2,
        handle: async (tasks, tx) => {
          const steps: (() => unknown)[] = [];
          await this.handle(name, tasks.map((t) => t.payload), { db: tx!, afterCommit: (step) => steps.push(step) }, 'throw');
          return () => this.afterCommitSteps(name, steps);
        },
      });
    }
  }

  /**
   * A durable event of a change, written in the change's transaction: it exists exactly when the change
   * committed. Call nudge() after the commit. Without an outbox (unit tests) it is emitted as before.
   */
  async record<K extends DomainEventName>(tx: DbOrTx, name: K, payload: DomainEvents[K]): Promise<void> {
    if (!this.outbox || !DURABLE_EVENTS.has(name)) return this.emit(name, payload);
    await enqueue(tx, topicOf(name), payload);
  }

  /** After a commit that recorded events: the outbox hands them over now rather than at its next poll. */
  nudge(): void {
    this.outbox?.nudge();
  }

  /** Runs steps after their commit, counted like queued events so that idle() waits for them too. */
  private afterCommitSteps(name: DomainEventName, steps: (() => unknown)[]): void {
    for (const step of steps) {
      this.waiting++;
      this.running++;
      void Promise.resolve()
        .then(step)
        .catch((err: unknown) => this.logger.error({ err, event: name }, 'event step after commit failed'))
        .finally(() => {
          this.running--;
          this.waiting--;
          this.wakeIdleWaiters();
        });
    }
  }

  private wakeIdleWaiters(): void {
    if (this.running === 0 && this.waiting === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

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

  /**
   * Queues the event's handlers; resolves at once, or once they ran for BEFORE_ANSWER events (and under
   * back-pressure). A durable event outside a change's transaction (seeds, tests) goes to the outbox on its own.
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEvents[K]): Promise<void> {
    if (this.outbox && DURABLE_EVENTS.has(name)) {
      const written = enqueue(this.db!, topicOf(name), payload).then(() => this.outbox!.nudge());
      // idle() must not look at the outbox before this row is in it.
      this.writing.add(written);
      return written.finally(() => this.writing.delete(written));
    }
    if (BEFORE_ANSWER.has(name) || this.waiting >= MAX_QUEUED) return this.handle(name, [payload], this.memoryContext(name), 'log');
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

  /** Resolves once every queued event has been handled (including events its handlers emitted), outbox included. */
  async idle(): Promise<void> {
    for (;;) {
      await this.memoryIdle();
      if (!this.outbox) return;
      await Promise.allSettled([...this.writing]);
      await this.outbox.idle();
      if (this.running === 0 && this.waiting === 0 && this.writing.size === 0) return;
    }
  }

  private memoryIdle(): Promise<void> {
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
      void this.handle(group.name, group.payloads as DomainEvents[DomainEventName][], this.memoryContext(group.name), 'log').finally(() => {
        this.running--;
        this.waiting -= group.payloads.length;
        this.pump();
        this.wakeIdleWaiters();
      });
    }
  }

  /** In memory, a handler writes on the database itself and its after-commit steps run at once. */
  private memoryContext(name: DomainEventName): HandlerContext {
    return { db: this.db!, afterCommit: (step) => this.afterCommitSteps(name, [step]) };
  }

  /**
   * Batch handlers with every payload, then the other handlers payload by payload, each in order. In
   * memory a failing handler is logged and the others run; in the outbox a failure fails the batch, which
   * is tried again whole (its transaction rolled back).
   */
  private async handle<K extends DomainEventName>(name: K, payloads: DomainEvents[K][], ctx: HandlerContext, onError: 'log' | 'throw'): Promise<void> {
    const run = async (step: () => Promise<void> | void) => {
      try {
        await step();
      } catch (err) {
        if (onError === 'throw') throw err;
        this.logger.error({ err, event: name }, 'event handler failed');
      }
    };
    for (const handler of (this.batchHandlers.get(name) ?? []) as BatchHandler<K>[]) await run(() => handler(payloads, ctx));
    for (const payload of payloads) {
      for (const handler of (this.handlers.get(name) ?? []) as Handler<K>[]) await run(() => handler(payload, ctx));
    }
  }
}
