import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SpawnedServer } from '../test/spawn-server';
import { tokenIn } from '../test/mailbox';
import { restartableServer } from '../test/restartable-server';

// Mail survives the process: a real server process, SIGKILLed with mails queued or being sent, then
// started again on the same database (PGlite's files in DATA_DIR, or PostgreSQL).
const server = restartableServer('bb-mail-');
const { start } = server;

async function kill(server: SpawnedServer) {
  server.child.kill('SIGKILL');
  await server.exited;
}

const register = (url: string, email: string) =>
  fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });

describe('mail delivery across a crash', () => {
  it('when the sender is killed between queueing a mail and its delivery, then after a restart it goes out once, and its link works', async () => {
    server.mailbox.hold(true);
    const first = await start();
    const held = server.mailbox.heldSession();
    const email = `crash-${randomBytes(4).toString('hex')}@example.com`;
    expect((await register(first.url, email)).status).toBe(201);
    // The SMTP server has the message but has not accepted it: the sender is mid-send.
    await held;
    await kill(first);
    expect(server.mailbox.to(email)).toEqual([]);

    server.mailbox.hold(false);
    const second = await start();
    const mail = await server.mailbox.waitFor(email, 'Verify your email address', 20_000);
    const verified = await fetch(`${second.url}/api/auth/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokenIn(mail) }),
    });
    expect(verified.status).toBe(200);
    // Nothing more comes: one mail for the one sign-up.
    await new Promise((r) => setTimeout(r, 3000));
    expect(server.mailbox.to(email)).toHaveLength(1);
    await kill(second);
  }, 150_000);

  it('when an instance is killed in the middle of a burst of sign-ups, then after a restart every mail arrives, none twice', async () => {
    server.mailbox.slow(150);
    const first = await start();
    const emails = Array.from({ length: 30 }, (_, i) => `burst-${i}-${randomBytes(3).toString('hex')}@example.com`);
    const answers = await Promise.all(emails.map((e) => register(first.url, e).then((r) => r.status)));
    expect(answers.every((s) => s === 201)).toBe(true);
    // Killed while the outbox is still sending.
    await kill(first);
    const before = new Set(emails.filter((e) => server.mailbox.to(e).length > 0));
    expect(before.size).toBeLessThan(emails.length);

    server.mailbox.slow(0);
    const second = await start();
    for (const e of emails) await server.mailbox.waitFor(e, 'Verify your email address', 30_000);
    await new Promise((r) => setTimeout(r, 3000));
    let resent = 0;
    for (const e of emails) {
      const got = server.mailbox.to(e);
      // One mail per sign-up: never two different messages for one event.
      expect(new Set(got.map((m) => m.messageId)).size, e).toBe(1);
      resent += got.length - 1;
    }
    // Only a mail the relay accepted in the instant before the kill, before the sender could mark it
    // sent, may come again under its own Message-ID: at most the sends in flight (the sender's concurrency).
    expect(resent).toBeLessThanOrEqual(4);
    await kill(second);
  }, 150_000);
});
