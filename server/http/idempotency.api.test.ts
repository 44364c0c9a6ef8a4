import { randomUUID } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_MESSAGES } from '@shared/schemas/sync';
import { insertProject } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/**
 * Holds the project's row until `release` is called: on PostgreSQL a row lock makes its delete wait, on
 * PGlite the transaction holds the one connection, so the whole request waits.
 */
async function holdProject(id: number): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM projects WHERE id = ${id} FOR UPDATE`);
    locked();
    await released;
  });
  await isLocked;
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

describe('Idempotency-Key', () => {
  it('when the client is gone before a 204 answer, then the write is kept and a retry with the same key replays it (not "still being processed")', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.database.db, author.user.id, { title: 'Lost answer', projectUrl: 'https://example.com/lost' });
    const key = `delete-${randomUUID()}`;
    const held = await holdProject(p.id);

    // The request reaches the server, then the client goes away while its delete waits.
    const serverSawAbort = new Promise<void>((resolve) => {
      const onRequest = (req: IncomingMessage) => {
        if (req.url !== `/api/projects/${p.id}`) return;
        t.server.off('request', onRequest);
        req.socket.once('close', () => resolve());
        client.destroy();
      };
      t.server.on('request', onRequest);
    });
    const client = request(`${t.url}/api/projects/${p.id}`, {
      method: 'DELETE',
      headers: { cookie: author.client.cookieHeader, 'idempotency-key': key },
    });
    client.on('error', () => undefined);
    client.end();
    await serverSawAbort;
    await held.release();

    // The write went through without anyone to answer. Its answer is stored just after the delete
    // commits, so a retry in between may still hear "in progress"; then every retry gets the answer.
    await expect.poll(async () => (await t.client().get(`/api/projects/${p.id}`)).status, { timeout: 10_000 }).toBe(404);
    const retryStatus = async () => (await author.client.request('DELETE', `/api/projects/${p.id}`, undefined, { 'idempotency-key': key })).status;
    await expect.poll(retryStatus, { timeout: 10_000 }).not.toBe(409);
    for (let i = 0; i < 3; i++) {
      const retry = await author.client.request('DELETE', `/api/projects/${p.id}`, undefined, { 'idempotency-key': key });
      expect(retry.status, retry.text).toBe(204);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
    }
  });

  it('when the same key comes with another body, then 422 with a clear message and nothing is written', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.database.db, author.user.id, { title: 'Two bodies', projectUrl: 'https://example.com/two' });
    const fan = await t.signUp();
    const key = `comment-${randomUUID()}`;
    const send = (content: unknown) => fan.client.request('POST', `/api/projects/${p.id}/comments`, content, { 'idempotency-key': key });
    const first = await send({ content: 'First words' });
    expect(first.status).toBe(201);

    const other = await send({ content: 'Other words' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: SYNC_MESSAGES.idempotencyKeyReused });
    expect(other.body.message).toBe('Idempotency-Key was already used with a different request');
    const comments = (await fan.client.get(`/api/projects/${p.id}/comments`)).body as { content: string }[];
    expect(comments.map((c) => c.content)).toEqual(['First words']);
  });

  it('when a retry sends the same body with its keys in another order, then it is the same request: the first answer again', async () => {
    const m = await t.signUp();
    const path = `/api/drafts/${randomUUID()}`;
    const key = `draft-${randomUUID()}`;
    const first = await m.client.request('PUT', path, { assumedRevision: null, data: { title: 'Kept once' } }, { 'idempotency-key': key });
    expect(first.status).toBe(200);
    const again = await m.client.request('PUT', path, { data: { title: 'Kept once' }, assumedRevision: null }, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('when the same key comes on another path or method, then 422 too', async () => {
    const author = await t.signUp();
    const p = await insertProject(t.database.db, author.user.id, { title: 'One', projectUrl: 'https://example.com/one' });
    const q = await insertProject(t.database.db, author.user.id, { title: 'Two', projectUrl: 'https://example.com/two' });
    const fan = await t.signUp();
    const key = `save-${randomUUID()}`;
    expect((await fan.client.request('POST', `/api/projects/${p.id}/save`, undefined, { 'idempotency-key': key })).status).toBe(200);
    const path = await fan.client.request('POST', `/api/projects/${q.id}/save`, undefined, { 'idempotency-key': key });
    expect(path.status).toBe(422);
    expect(path.body).toEqual({ message: SYNC_MESSAGES.idempotencyKeyReused });
    const method = await fan.client.request('DELETE', `/api/projects/${p.id}/save`, undefined, { 'idempotency-key': key });
    expect(method.status).toBe(422);
    expect((await fan.client.get(`/api/projects/${q.id}`)).body.saveCount).toBe(0);
    expect((await fan.client.get(`/api/projects/${p.id}`)).body.saveCount).toBe(1);
  });
});
