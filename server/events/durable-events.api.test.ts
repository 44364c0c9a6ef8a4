import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { externalProjectInput } from '../test/fixtures';
import { tokenIn } from '../test/mailbox';
import { restartableServer } from '../test/restartable-server';
import { TestClient } from '../test/http-client';

// The side effects of writes survive the process: a real server SIGKILLed in the middle of a burst of
// comments, then started again on the same database, delivers every notification and mail once.
const server = restartableServer('bb-events-', { API_RATE_LIMIT: '100000' });
const { start } = server;

async function member(url: string, firstName: string) {
  const c = new TestClient(url);
  const email = `${firstName.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  const res = await c.post('/api/auth/register', { email, password: 'correct horse battery', firstName });
  expect(res.status, res.text).toBe(201);
  return { c, email, user: res.body as { id: string } };
}

const COMMENTS = 40;

describe('durable side effects', () => {
  it('when an instance is SIGKILLed in the middle of a burst of comments, then after a restart every notification, mail and count is there exactly once', async () => {
    const first = await start();
    const author = await member(first.url, 'Author');
    const verify = await server.mailbox.waitFor(author.email, 'Verify your email address');
    expect((await author.c.post('/api/auth/verify-email', { token: tokenIn(verify) })).status).toBe(200);
    const project = await author.c.post('/api/projects', externalProjectInput());
    expect(project.status, project.text).toBe(201);
    const fans = await Promise.all(Array.from({ length: 4 }, (_, i) => member(first.url, `Fan${i}`)));

    // The relay is slow, so the kill lands while notifications and mails are still on their way.
    server.mailbox.slow(300);
    const answers = await Promise.all(
      Array.from({ length: COMMENTS }, (_, i) => fans[i % fans.length]!.c.post(`/api/projects/${project.body.id}/comments`, { content: `Comment number ${i}` })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    const mailedBefore = server.mailbox.to(author.email).filter((m) => /commented/.test(m.subject)).length;
    expect(mailedBefore).toBeLessThan(COMMENTS);

    server.mailbox.slow(0);
    const second = await start();
    await expect.poll(() => server.mailbox.to(author.email).filter((m) => /commented/.test(m.subject)).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(COMMENTS);
    await new Promise((r) => setTimeout(r, 3000));

    const db = openDatabase(server.env.DATABASE_URL ? { databaseUrl: server.env.DATABASE_URL } : { dataDir: server.dataDir });
    second.child.kill('SIGKILL');
    await second.exited;
    try {
      // One notification per comment: none lost, none doubled.
      const [stored] = await rowsOf<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${author.user.id} AND type = 'comment'`);
      expect(stored!.n).toBe(COMMENTS);
      const [counted] = await rowsOf<{ n: number }>(db.db, sql`SELECT coalesce(sum(comments), 0)::int AS n FROM project_daily_stats WHERE project_id = ${project.body.id}`);
      expect(counted!.n).toBe(COMMENTS);
      const [pending] = await rowsOf<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM outbox WHERE done_at IS NULL`);
      expect(pending!.n).toBe(0);
    } finally {
      await db.close();
    }
    const mails = server.mailbox.to(author.email).filter((m) => /commented/.test(m.subject));
    // One message per comment; only a mail the relay took in the instant before the kill may come twice.
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(COMMENTS);
    expect(mails.length - COMMENTS).toBeLessThanOrEqual(4);
  }, 180_000);
});
