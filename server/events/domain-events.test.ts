// A write's side effects run after its answer (the answer is faster), from a queue that SIGTERM drains
// (nothing is lost in a deploy).
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { EventBus } from './domain-events';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('EventBus', () => {
  it('when an event is emitted, then emit resolves before its handlers finish and idle() once they did', async () => {
    const bus = new EventBus(createLogger('silent'));
    const g = gate();
    const done: string[] = [];
    bus.on('project:liked', async () => {
      await g.opened;
      done.push('liked');
    });
    await bus.emit('project:liked', { actorId: 'a', projectId: 1 });
    expect(done).toEqual([]);
    let idle = false;
    const waiting = bus.idle().then(() => (idle = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(idle).toBe(false);
    g.open();
    await waiting;
    expect(done).toEqual(['liked']);
  });

  it('when a handler emits another event, then idle() waits for that one too', async () => {
    const bus = new EventBus(createLogger('silent'));
    const pushed: string[] = [];
    bus.on('project:liked', () => bus.emit('notification:created', { userId: 'u', notification: { id: 1 } as never }));
    bus.on('notification:created', async ({ userId }) => {
      await new Promise((r) => setTimeout(r, 10));
      pushed.push(userId);
    });
    await bus.emit('project:liked', { actorId: 'a', projectId: 1 });
    await bus.idle();
    expect(pushed).toEqual(['u']);
  });

  it('when events with a batch handler wait in the queue, then they come to it in one call, in order; the other handlers still one by one', async () => {
    const bus = new EventBus(createLogger('silent'));
    const g = gate();
    const batches: number[][] = [];
    const single: number[] = [];
    bus.onBatch('project:liked', async (events) => {
      batches.push(events.map((e) => e.projectId));
      await g.opened;
    });
    bus.on('project:liked', ({ projectId }) => void single.push(projectId));
    // Emitted in one turn: all wait for the pump, as one group.
    for (let id = 1; id <= 3; id++) await bus.emit('project:liked', { actorId: 'a', projectId: id });
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1, 2, 3]]);
    // While that group runs, a new one forms and starts at once in a free slot; an event then joins nothing.
    await bus.emit('project:liked', { actorId: 'a', projectId: 4 });
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1, 2, 3], [4]]);
    g.open();
    await bus.idle();
    expect(single.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it('when access is revoked, then the handlers finish before emit resolves (sessions end before the answer)', async () => {
    const bus = new EventBus(createLogger('silent'));
    const ended: string[] = [];
    bus.on('user:access-revoked', async ({ userId }) => {
      await new Promise((r) => setTimeout(r, 10));
      ended.push(userId);
    });
    await bus.emit('user:access-revoked', { userId: 'x' });
    expect(ended).toEqual(['x']);
  });

  it('when a handler fails, then the next handlers still run and the error is logged', async () => {
    const lines: string[] = [];
    const bus = new EventBus(createLogger('error', { write: (l: string) => lines.push(l) } as never));
    const ran: number[] = [];
    bus.on('project:shared', () => {
      throw new Error('boom');
    });
    bus.on('project:shared', () => {
      ran.push(1);
    });
    await bus.emit('project:shared', { actorId: 'a', projectId: 2 });
    await bus.idle();
    expect(ran).toEqual([1]);
    expect(lines.join('')).toContain('event handler failed');
  });

  it('when 1,000 events are emitted at once, then every handler runs exactly once', async () => {
    const bus = new EventBus(createLogger('silent'));
    const seen = new Map<number, number>();
    bus.on('project:liked', async ({ projectId }) => {
      await Promise.resolve();
      seen.set(projectId, (seen.get(projectId) ?? 0) + 1);
    });
    for (let i = 0; i < 1000; i++) await bus.emit('project:liked', { actorId: 'a', projectId: i });
    await bus.idle();
    expect(seen.size).toBe(1000);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });
});
