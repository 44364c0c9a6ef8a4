import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { bigintArray, rowsOf } from '../db/rows';
import type { Logger } from '../logger';

/** One row of the outbox as its handler gets it. */
export type OutboxTask<P> = { id: number; payload: P; attempts: number };

/** What is done with the rows of one topic. */
export type OutboxTopic<P> = {
  topic: string;
  /**
   * Handles the tasks; a throw hands every one of them back for a later attempt. A transactional topic
   * gets a transaction that also marks the tasks done, so what it writes there happens exactly once; what
   * it returns runs after that commit (pushes, cache drops).
   */
  handle(tasks: OutboxTask<P>[], tx?: Tx): Promise<void | (() => void)>;
  transactional?: boolean;
  /** Tasks handed over at once (default 1). */
  batchSize?: number;
  /** Batches of this topic handled at once on one instance (default 1). */
  concurrency?: number;
  /** After this many attempts a task is set aside as failed (default 10). */
  maxAttempts?: number;
};

export type OutboxOptions = {
  /** How long a claim holds a task; renewed while its handler runs, so only a dead instance's claims lapse. */
  leaseMs: number;
  /** How often an instance looks for due tasks when nothing nudged it (default 1 s). */
  pollMs?: number;
};

/**
 * Writes a task in the caller's transaction, so it exists exactly when the change that calls for it was
 * committed. With a key, a second task of the same key is not written (answers false): one mail per event.
 */
export async function enqueue(db: DbOrTx, topic: string, payload: unknown, opts: { key?: string; delayMs?: number } = {}): Promise<boolean> {
  const delay = (opts.delayMs ?? 0) / 1000;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`INSERT INTO outbox (topic, payload, dedupe_key, available_at)
        VALUES (${topic}, ${JSON.stringify(payload)}::jsonb, ${opts.key ?? null}, now() + make_interval(secs => ${delay}))
        ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

/** Seconds before the next attempt: 5 s doubling per attempt, at most an hour, spread by a fifth. */
const BACKOFF_SQL = sql`least(3600, 5 * power(2, greatest(attempts - 1, 0))) * (0.8 + random() * 0.4)`;

/**
 * Hands the outbox's rows to their topics' handlers, on every instance: a batch is claimed with one
 * UPDATE over rows locked with SKIP LOCKED, so two instances never hold the same task. A claim is a lease
 * that the running handler renews; a killed instance's tasks are taken up again once it lapses. Success
 * marks the rows done; a failure schedules them again with backoff. Delivery is at least once: a handler
 * that acts outside the database (SMTP) may repeat its act when killed between the act and the mark.
 */
export class Outbox {
  private readonly topics = new Map<string, OutboxTopic<never>>();
  private readonly running = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly opts: OutboxOptions,
  ) {}

  register<P>(topic: OutboxTopic<P>): void {
    this.topics.set(topic.topic, topic as OutboxTopic<never>);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.nudge(), this.opts.pollMs ?? 1000);
    this.timer.unref();
    this.nudge();
  }

  /** Looks for due tasks now (after a commit that wrote some), instead of at the next poll. */
  nudge(): void {
    if (this.stopped || this.topics.size === 0) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.looking = this.look()
      .catch((err: unknown) => {
        if (!this.stopped) this.logger.error({ err }, 'outbox: looking for tasks failed');
      })
      .finally(() => {
        this.looking = null;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Resolves once no task is due or being handled (tests, and a drain before shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      await this.looking;
      await Promise.all(this.inFlight);
      const due = await this.dueTopics();
      if (due.length === 0 && this.inFlight.size === 0 && !this.looking) return;
      this.nudge();
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** No new claims; resolves once the handlers running now have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.looking;
    await Promise.all(this.inFlight);
  }

  private async dueTopics(): Promise<string[]> {
    const rows = await rowsOf<{ topic: string }>(
      this.db,
      sql`SELECT DISTINCT topic FROM outbox
          WHERE done_at IS NULL AND failed_at IS NULL AND available_at <= now() AND (locked_until IS NULL OR locked_until < now())`,
    );
    return rows.map((r) => r.topic).filter((t) => this.topics.has(t));
  }

  private async look(): Promise<void> {
    for (const name of await this.dueTopics()) {
      const topic = this.topics.get(name)!;
      const free = (topic.concurrency ?? 1) - (this.running.get(name) ?? 0);
      for (let i = 0; i < free && !this.stopped; i++) {
        const tasks = await this.claim(topic);
        if (tasks.length === 0) break;
        this.track(this.run(topic, tasks));
      }
    }
  }

  private track(run: Promise<void>): void {
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async claim(topic: OutboxTopic<never>): Promise<OutboxTask<never>[]> {
    const rows = await rowsOf<{ id: string; payload: never; attempts: number }>(
      this.db,
      sql`UPDATE outbox SET locked_until = now() + make_interval(secs => ${this.opts.leaseMs / 1000}), attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM outbox
            WHERE topic = ${topic.topic} AND done_at IS NULL AND failed_at IS NULL AND available_at <= now()
              AND (locked_until IS NULL OR locked_until < now())
            ORDER BY available_at, id LIMIT ${topic.batchSize ?? 1} FOR UPDATE SKIP LOCKED)
          RETURNING id, payload, attempts`,
    );
    return rows.map((r) => ({ id: Number(r.id), payload: r.payload, attempts: r.attempts })).sort((a, b) => a.id - b.id);
  }

  private async run(topic: OutboxTopic<never>, tasks: OutboxTask<never>[]): Promise<void> {
    const name = topic.topic;
    this.running.set(name, (this.running.get(name) ?? 0) + 1);
    const ids = tasks.map((t) => t.id);
    const renew = setInterval(() => void this.renew(ids), this.opts.leaseMs / 3);
    renew.unref();
    const markDone = (db: DbOrTx) => db.execute(sql`UPDATE outbox SET done_at = now(), locked_until = NULL, last_error = NULL WHERE id = ANY(${bigintArray(ids)})`);
    try {
      let after: void | (() => void);
      if (topic.transactional) {
        after = await this.db.transaction(async (tx) => {
          const then = await topic.handle(tasks, tx);
          await markDone(tx);
          return then;
        });
      } else {
        after = await topic.handle(tasks);
        await markDone(this.db);
      }
      clearInterval(renew);
      try {
        after?.();
      } catch (err) {
        this.logger.error({ err, topic: name }, 'outbox: an after-commit step failed');
      }
    } catch (err) {
      clearInterval(renew);
      if (!this.stopped) this.logger.warn({ err, topic: name, ids }, 'outbox: task failed, it will be tried again');
      await this.db
        .execute(
          sql`UPDATE outbox SET locked_until = NULL, last_error = ${String(err).slice(0, 2000)},
                available_at = now() + make_interval(secs => ${BACKOFF_SQL}),
                failed_at = CASE WHEN attempts >= ${topic.maxAttempts ?? 10} THEN now() END
              WHERE id = ANY(${bigintArray(ids)})`,
        )
        .catch((e: unknown) => this.logger.error({ err: e, topic: name }, 'outbox: could not reschedule'));
    } finally {
      this.running.set(name, (this.running.get(name) ?? 1) - 1);
      // A full batch suggests more are waiting.
      if (tasks.length === (topic.batchSize ?? 1)) this.nudge();
    }
  }

  private async renew(ids: number[]): Promise<void> {
    await this.db
      .execute(sql`UPDATE outbox SET locked_until = now() + make_interval(secs => ${this.opts.leaseMs / 1000}) WHERE id = ANY(${bigintArray(ids)}) AND done_at IS NULL`)
      .catch((err: unknown) => this.logger.warn({ err }, 'outbox: lease renewal failed'));
  }
}

/** Deletes tasks done more than `days` ago (a scheduled job). */
export async function pruneOutbox(db: DbOrTx, days: number): Promise<void> {
  await db.execute(sql`DELETE FROM outbox WHERE done_at < now() - make_interval(days => ${days}) OR failed_at < now() - make_interval(days => ${days * 4})`);
}
