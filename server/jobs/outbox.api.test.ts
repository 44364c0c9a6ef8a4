import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { createLogger } from '../logger';
import { startTestServer, type TestServer } from '../test/harness';
import { enqueue, Outbox, type OutboxTask } from './outbox';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const logger = createLogger('silent');
let topicSeq = 0;
const newTopic = () => `test-topic-${++topicSeq}`;

/** An outbox over the test database with one topic whose handler records what it got. */
function recordingOutbox(topic: string, opts: { fail?: (task: OutboxTask<{ n: number }>) => boolean; batchSize?: number; maxAttempts?: number; leaseMs?: number } = {}) {
  const handled: number[] = [];
  const outbox = new Outbox(t.deps.db, logger, { leaseMs: opts.leaseMs ?? 30_000, pollMs: 50 });
  outbox.register<{ n: number }>({
    topic,
    batchSize: opts.batchSize,
    maxAttempts: opts.maxAttempts,
    concurrency: 2,
    async handle(tasks) {
      for (const task of tasks) if (opts.fail?.(task)) throw new Error(`refused ${task.payload.n}`);
      handled.push(...tasks.map((task) => task.payload.n));
    },
  });
  return { outbox, handled };
}

const rowsOfTopic = (topic: string) =>
  rowsOf<{ attempts: number; done: boolean; failed: boolean; error: string | null; retry_in_s: number }>(
    t.deps.db,
    sql`SELECT attempts, done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed, last_error AS error,
          extract(epoch FROM available_at - now())::float8 AS retry_in_s
        FROM outbox WHERE topic = ${topic} ORDER BY id`,
  );

describe('the outbox', () => {
  it('when tasks are written in a transaction, then they are handled once it commits, and never when it rolls back', async () => {
    const topic = newTopic();
    const { outbox, handled } = recordingOutbox(topic, { batchSize: 10 });
    await t.deps.db.transaction(async (tx) => {
      for (let n = 1; n <= 3; n++) await enqueue(tx, topic, { n });
    });
    await t.deps.db
      .transaction(async (tx) => {
        await enqueue(tx, topic, { n: 99 });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    outbox.start();
    await outbox.idle();
    await outbox.stop();
    expect(handled.sort()).toEqual([1, 2, 3]);
    expect((await rowsOfTopic(topic)).map((r) => r.done)).toEqual([true, true, true]);
  });

  it('when one event is queued twice under its key, then it is handled once', async () => {
    const topic = newTopic();
    const { outbox, handled } = recordingOutbox(topic);
    expect(await enqueue(t.deps.db, topic, { n: 1 }, { key: `${topic}:event-1` })).toBe(true);
    expect(await enqueue(t.deps.db, topic, { n: 1 }, { key: `${topic}:event-1` })).toBe(false);
    outbox.start();
    await outbox.idle();
    await outbox.stop();
    expect(handled).toEqual([1]);
  });

  it('when a handler fails, then the task is tried again later with a growing delay, and set aside after its last attempt', async () => {
    const topic = newTopic();
    const { outbox, handled } = recordingOutbox(topic, { fail: () => true, maxAttempts: 2 });
    await enqueue(t.deps.db, topic, { n: 7 });
    outbox.start();
    await expect.poll(async () => (await rowsOfTopic(topic))[0]!.attempts).toBe(1);
    const [first] = await rowsOfTopic(topic);
    expect(first).toMatchObject({ done: false, failed: false, error: 'Error: refused 7' });
    // The first retry waits about 5 s.
    expect(first!.retry_in_s).toBeGreaterThan(3);
    expect(first!.retry_in_s).toBeLessThan(7);
    await t.deps.db.execute(sql`UPDATE outbox SET available_at = now() WHERE topic = ${topic}`);
    await expect.poll(async () => (await rowsOfTopic(topic))[0]!.failed).toBe(true);
    await outbox.stop();
    expect(handled).toEqual([]);
    expect((await rowsOfTopic(topic))[0]!.attempts).toBe(2);
  });

  it('when two instances hand out one topic, then every task is handled exactly once', async () => {
    const topic = newTopic();
    const a = recordingOutbox(topic, { batchSize: 5 });
    const b = recordingOutbox(topic, { batchSize: 5 });
    await t.deps.db.transaction(async (tx) => {
      for (let n = 1; n <= 60; n++) await enqueue(tx, topic, { n });
    });
    a.outbox.start();
    b.outbox.start();
    await Promise.all([a.outbox.idle(), b.outbox.idle()]);
    await Promise.all([a.outbox.stop(), b.outbox.stop()]);
    const all = [...a.handled, ...b.handled].sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('when the instance holding a task dies, then another takes it up once the claim lapses', async () => {
    const topic = newTopic();
    await enqueue(t.deps.db, topic, { n: 5 });
    // A claim as a dead instance left it: held, never finished.
    await t.deps.db.execute(sql`UPDATE outbox SET locked_until = now() + interval '300 milliseconds', attempts = 1 WHERE topic = ${topic}`);
    const { outbox, handled } = recordingOutbox(topic);
    outbox.start();
    await expect.poll(() => handled, { timeout: 5000 }).toEqual([5]);
    await outbox.stop();
    expect((await rowsOfTopic(topic))[0]).toMatchObject({ attempts: 2, done: true });
  });

  it('when the SMTP server refuses a mail for a while, then it is sent on a later attempt, once', async () => {
    t.mailbox.refuseNext(1);
    const m = await t.signUp();
    const mail = await t.mailbox.waitFor(m.email, 'Verify your email address', 15_000);
    expect(mail.subject).toBe('Verify your email address');
    await t.deps.outbox.idle();
    expect(t.mailbox.to(m.email)).toHaveLength(1);
  }, 30_000);
});
