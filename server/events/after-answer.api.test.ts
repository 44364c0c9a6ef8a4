// Issue 16: the request does the write and its counters; notifications run after the answer, and a
// stopping instance (SIGTERM) finishes them before it closes.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema';
import { insertProject } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const likesOf = async (userId: string) =>
  (await t.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, 'like')))).length;

describe('side effects after the answer', () => {
  it('when a like is answered while a handler of its event is held up, then the count is in the answer; stopping waits for the handlers', async () => {
    const author = await t.signUp();
    const fan = await t.signUp();
    const p = await insertProject(t.deps.db, author.user.id);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A handler of the same event that does not finish until released.
    t.deps.events.on('project:liked', () => held);

    // Plain fetch: the test client would wait for the side effects.
    const res = await fetch(`${t.url}/api/projects/${p.id}/react`, {
      method: 'POST',
      headers: { cookie: fan.client.cookieHeader, 'content-type': 'application/json', origin: t.url },
      body: JSON.stringify({ type: 'like' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ hasReacted: true, reactionCount: 1 });

    const stopped = t.stop();
    let stoppedYet = false;
    void stopped.then(() => (stoppedYet = true));
    await new Promise((r) => setTimeout(r, 100));
    release();
    expect(stoppedYet).toBe(false);
    await stopped;
    expect(await likesOf(author.user.id)).toBe(1);
  });
});
