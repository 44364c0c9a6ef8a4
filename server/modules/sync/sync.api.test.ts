import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSyncDocumentSchemas } from '@shared/schemas/sync';
import { rowsOf } from '../../db/rows';
import { claimIdempotencyKey } from '../../http/idempotency.repository';
import { insertProject } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { TEST_POSTGRES_URL } from '../../test/test-database';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Doc = { id: string; _deleted: boolean; [k: string]: unknown };
type Pull = { documents: Doc[]; checkpoint: { seq: string; id: string } | null };

const project = (authorId: string, title = 'Synced') => insertProject(t.database.db, authorId, { title, category: 'Finance' });

async function pullPage(c: TestClient, collection: string, checkpoint: Pull['checkpoint'], limit = 100): Promise<Pull> {
  const qs = new URLSearchParams({ limit: String(limit), ...(checkpoint ?? {}) });
  const res = await c.get(`/api/sync/${collection}?${qs}`);
  expect(res.status).toBe(200);
  return res.body as Pull;
}

/**
 * Waits until every transaction running when it was called has ended. A pull holds back what is newer
 * than the oldest transaction running anywhere on the server (so that it never skips a late commit),
 * and other test files keep transactions open on purpose: a client would see the writes on its next
 * pull; the test waits for them instead of pulling again.
 */
async function othersSettled(): Promise<void> {
  const snapshotNow = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x, pg_snapshot_xmin(pg_current_snapshot())::text as n`;
  const read = async () => (await rowsOf<{ x: string; n: string }>(t.database.db, snapshotNow))[0]!;
  const { x } = await read();
  await expect.poll(async () => BigInt((await read()).n) >= BigInt(x), { timeout: 30_000 }).toBe(true);
}

/**
 * Pulls until an empty page; answers every document in order and the final checkpoint. First waits for
 * other transactions to end (othersSettled), unless the test holds one open itself.
 */
async function pullAll(c: TestClient, collection: keyof typeof ZSyncDocumentSchemas, from: Pull['checkpoint'] = null, limit = 100, { settle = true } = {}) {
  if (settle) await othersSettled();
  const docs: Doc[] = [];
  let checkpoint = from;
  for (;;) {
    const page = await pullPage(c, collection, checkpoint, limit);
    for (const d of page.documents) ZSyncDocumentSchemas[collection].parse(d);
    docs.push(...page.documents);
    if (page.documents.length === 0) return { docs, checkpoint: page.checkpoint };
    checkpoint = page.checkpoint;
  }
}

/** Notifications are stored by event handlers after the write answers: wait until they all are. */
async function notificationsStored(c: TestClient, n: number) {
  await expect.poll(async () => ((await c.get('/api/notifications')).body as unknown[]).length).toBe(n);
}

/** The state a client holds after applying the documents in order. */
function apply(docs: Doc[]): Map<string, Doc> {
  const state = new Map<string, Doc>();
  for (const d of docs) {
    if (d._deleted) state.delete(d.id);
    else state.set(d.id, d);
  }
  return state;
}

describe('checkpoint pulls', () => {
  it('when a member pulls notifications a page at a time, then each arrives once, and a read mark arrives again after the checkpoint', async () => {
    const author = await t.signUp();
    const p = await project(author.user.id);
    for (let i = 0; i < 5; i++) {
      const fan = await t.signUp();
      await fan.client.post(`/api/projects/${p.id}/share`);
    }
    await notificationsStored(author.client, 5);
    const first = await pullAll(author.client, 'notifications', null, 2);
    expect(first.docs).toHaveLength(5);
    expect(new Set(first.docs.map((d) => d.id)).size).toBe(5);
    // Nothing new: the same checkpoint comes back and no documents.
    const again = await pullPage(author.client, 'notifications', first.checkpoint);
    expect(again).toEqual({ documents: [], checkpoint: first.checkpoint });

    const target = first.docs[2]!;
    expect((await author.client.patch(`/api/notifications/${target.id}/read`)).status).toBe(200);
    const after = await pullAll(author.client, 'notifications', first.checkpoint);
    expect(after.docs).toHaveLength(1);
    expect(after.docs[0]).toMatchObject({ id: target.id, _deleted: false, notification: { read: true } });
  });

  it('when a saved project is unsaved or deleted, then a tombstone reaches the pull; a save again brings it back', async () => {
    const author = await t.signUp();
    const [a, b, c] = [await project(author.user.id, 'A'), await project(author.user.id, 'B'), await project(author.user.id, 'C')];
    const member = await t.signUp();
    for (const p of [a, b, c]) expect((await member.client.post(`/api/projects/${p.id}/save`)).status).toBe(200);
    const first = await pullAll(member.client, 'saved');
    expect([...apply(first.docs).keys()].sort()).toEqual([a, b, c].map((p) => String(p.id)).sort());
    expect(first.docs[0]).toMatchObject({ _deleted: false, project: { title: 'A' } });

    await member.client.delete(`/api/projects/${a.id}/save`);
    expect((await author.client.delete(`/api/projects/${b.id}`)).status).toBeLessThan(300);
    const second = await pullAll(member.client, 'saved', first.checkpoint);
    expect(second.docs).toEqual(
      expect.arrayContaining([
        { id: String(a.id), _deleted: true },
        { id: String(b.id), _deleted: true },
      ]),
    );
    await member.client.post(`/api/projects/${a.id}/save`);
    const third = await pullAll(member.client, 'saved', second.checkpoint);
    expect(third.docs).toMatchObject([{ id: String(a.id), _deleted: false }]);
    // From scratch, the history replays to the same state.
    const replay = apply((await pullAll(member.client, 'saved')).docs);
    expect([...replay.keys()].sort()).toEqual([String(a.id), String(c.id)].sort());
  });

  it("when a creator edits a project it is pulled again, others' likes do not move it, and a delete is a tombstone", async () => {
    const author = await t.signUp();
    const p = await project(author.user.id, 'Before');
    const first = await pullAll(author.client, 'projects');
    expect(first.docs).toMatchObject([{ id: String(p.id), project: { title: 'Before' } }]);

    const fan = await t.signUp();
    await fan.client.post(`/api/projects/${p.id}/react`, { type: 'like' });
    expect((await pullAll(author.client, 'projects', first.checkpoint)).docs).toEqual([]);

    const current = (await author.client.get(`/api/projects/${p.id}`)).body;
    const put = await author.client.put(`/api/projects/${p.id}`, { ...current, projectUrl: 'https://example.com/app', title: 'After' });
    expect(put.status).toBe(200);
    const edited = await pullAll(author.client, 'projects', first.checkpoint);
    expect(edited.docs).toMatchObject([{ id: String(p.id), project: { title: 'After', reactionCount: 1 } }]);

    await author.client.delete(`/api/projects/${p.id}`);
    expect((await pullAll(author.client, 'projects', edited.checkpoint)).docs).toEqual([{ id: String(p.id), _deleted: true }]);
  });

  it("when the member is a visitor, another member, or asks badly, then 401, nothing of anyone else's, and 4xx answers", async () => {
    const author = await t.signUp();
    const p = await project(author.user.id);
    const other = await t.signUp();
    await other.client.post(`/api/projects/${p.id}/react`, { type: 'like' });
    await notificationsStored(author.client, 1);
    expect((await pullAll(author.client, 'notifications')).docs).toHaveLength(1);
    expect((await pullAll(other.client, 'notifications')).docs).toHaveLength(0);

    expect((await t.client().get('/api/sync/notifications')).status).toBe(401);
    const unknown = await author.client.get('/api/sync/users');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Unknown sync collection/);
    for (const qs of ['seq=12', 'id=3', 'seq=-1&id=3', 'seq=1&id=3&limit=0', 'seq=1&id=3&limit=201', 'seq=99999999999999999999&id=1']) {
      const res = await author.client.get(`/api/sync/notifications?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toBeTruthy();
    }
  });

  it('when notifications are written while a member pages through them, then every one arrives exactly once', async () => {
    const author = await t.signUp();
    const p = await project(author.user.id);
    const fans = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    const seen: Doc[] = [];
    let checkpoint: Pull['checkpoint'] = null;
    const writers = (async () => {
      for (const fan of fans) {
        await Promise.all([
          fan.client.post(`/api/projects/${p.id}/share`),
          fan.client.post(`/api/projects/${p.id}/comments`, { content: 'nice' }),
        ]);
      }
    })();
    let done = false;
    void writers.then(() => (done = true));
    while (!done) {
      const page = await pullPage(author.client, 'notifications', checkpoint, 2);
      seen.push(...page.documents);
      checkpoint = page.checkpoint;
    }
    await writers;
    await notificationsStored(author.client, 12);
    seen.push(...(await pullAll(author.client, 'notifications', checkpoint, 2)).docs);
    const all = (await author.client.get('/api/notifications')).body as { id: number }[];
    expect(all).toHaveLength(12);
    expect(seen.map((d) => d.id).sort()).toEqual(all.map((n) => String(n.id)).sort());
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'when a write commits after later writes were pulled, then the next pull still brings it (commit order, not clock order)',
    async () => {
      const author = await t.signUp();
      const p = await project(author.user.id);
      const res = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
      const url = new URL(TEST_POSTGRES_URL);
      url.pathname = `/${res.rows[0]!.name}`;
      const conn = new pg.Client({ connectionString: url.href });
      await conn.connect();
      try {
        await conn.query('begin');
        await conn.query(
          `insert into notifications (user_id, type, title, message) values ($1, 'share', 'Late', 'committed late')`,
          [author.user.id],
        );
        const fan = await t.signUp();
        await fan.client.post(`/api/projects/${p.id}/share`);
        await notificationsStored(author.client, 1);
        const during = await pullAll(author.client, 'notifications', null, 100, { settle: false });
        // The share committed, but it is newer than the open transaction: held back, not skipped past.
        expect(during.docs).toHaveLength(0);
        await conn.query('commit');
        const after = await pullAll(author.client, 'notifications', during.checkpoint);
        expect(after.docs.map((d) => (d.notification as { title: string }).title).sort()).toEqual(['Late', 'Project shared'].sort());
      } finally {
        await conn.end();
      }
    },
  );
});

describe('idempotent writes', () => {
  const send = (c: TestClient, method: string, path: string, key: string, body?: unknown) =>
    c.request(method, path, body, { 'idempotency-key': key });

  it('when a like, a comment and a share are retried with the same key, then each counts once and the retry gets the first answer', async () => {
    const author = await t.signUp();
    const p = await project(author.user.id);
    const fan = await t.signUp();
    const like = `like-${randomUUID()}`;
    const first = await send(fan.client, 'POST', `/api/projects/${p.id}/react`, like, { type: 'like' });
    const retry = await send(fan.client, 'POST', `/api/projects/${p.id}/react`, like, { type: 'like' });
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');

    const comment = `comment-${randomUUID()}`;
    const c1 = await send(fan.client, 'POST', `/api/projects/${p.id}/comments`, comment, { content: 'Once only' });
    const c2 = await send(fan.client, 'POST', `/api/projects/${p.id}/comments`, comment, { content: 'Once only' });
    expect(c1.status).toBe(201);
    expect(c2.status).toBe(201);
    expect(c2.body).toEqual(c1.body);

    const shares = await Promise.all(Array.from({ length: 4 }, () => send(fan.client, 'POST', `/api/projects/${p.id}/share`, 'share-key-1')));
    expect(shares.every((r) => r.status === 200 || r.status === 409)).toBe(true);

    const after = (await fan.client.get(`/api/projects/${p.id}`)).body;
    expect(after).toMatchObject({ reactionCount: 1, commentCount: 1, shareCount: 1 });
    expect((await fan.client.get(`/api/projects/${p.id}/comments`)).body).toHaveLength(1);
  });

  it('when the first request with a key has not answered yet, then a retry gets 409 with the in-progress code', async () => {
    const author = await t.signUp();
    const p = await project(author.user.id);
    const fan = await t.signUp();
    // The first request's claim, as it stands while that request is still running.
    const path = `/api/projects/${p.id}/share`;
    const emptyBodyHash = createHash('sha256').update('null').digest('base64url');
    await claimIdempotencyKey(t.database.db, fan.user.id, 'running-key-01', { method: 'POST', path, requestHash: emptyBodyHash });
    const retry = await send(fan.client, 'POST', path, 'running-key-01');
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({ code: 'IDEMPOTENCY_IN_PROGRESS', message: 'A request with this Idempotency-Key is still being processed' });
    expect((await fan.client.get(`/api/projects/${p.id}`)).body.shareCount).toBe(0);
  });

  it('when a key is reused for another request, malformed, or used by another member, then 422, 400 or a separate run', async () => {
    const author = await t.signUp();
    const p = await project(author.user.id);
    const q = await project(author.user.id, 'Other');
    const fan = await t.signUp();
    await send(fan.client, 'POST', `/api/projects/${p.id}/save`, 'shared-key-01');
    const reused = await send(fan.client, 'POST', `/api/projects/${q.id}/save`, 'shared-key-01');
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('Idempotency-Key was already used with a different request');
    expect((await send(fan.client, 'POST', `/api/projects/${q.id}/save`, 'bad key!')).status).toBe(400);
    // Keys are per member: the same key from someone else is their own write.
    const other = await t.signUp();
    expect((await send(other.client, 'POST', `/api/projects/${p.id}/save`, 'shared-key-01')).headers.get('idempotent-replayed')).toBeNull();
    expect((await fan.client.get(`/api/projects/${p.id}`)).body.saveCount).toBe(2);
  });
});

describe('drafts', () => {
  const validData = {
    title: 'Drafted',
    description: 'Written offline',
    thumbnail: 'https://example.com/t.png',
    category: 'Finance',
    tutorialUrl: 'https://example.com/tutorial',
    projectUrl: 'https://example.com/app',
    hostingType: 'external',
  };

  it('when two clients edit one draft, then the stale push gets a 409 with the server draft and nothing is overwritten', async () => {
    const creator = await t.signUp();
    const id = randomUUID();
    const created = await creator.client.put(`/api/drafts/${id}`, { assumedRevision: null, data: { title: 'v1' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id, revision: 1, data: { title: 'v1' }, publishedProjectId: null });
    const web = await creator.client.put(`/api/drafts/${id}`, { assumedRevision: 1, data: { title: 'from web' } });
    expect(web.body.revision).toBe(2);
    const desktop = await creator.client.put(`/api/drafts/${id}`, { assumedRevision: 1, data: { title: 'from desktop' } });
    expect(desktop.status).toBe(409);
    expect(desktop.body).toMatchObject({ message: 'This draft was changed elsewhere', current: { revision: 2, data: { title: 'from web' } } });

    const pulled = await pullAll(creator.client, 'drafts');
    expect(pulled.docs).toMatchObject([{ id, _deleted: false, draft: { revision: 2, data: { title: 'from web' } } }]);

    const stranger = await t.signUp();
    expect((await stranger.client.put(`/api/drafts/${id}`, { assumedRevision: 2, data: {} })).status).toBe(404);
    expect((await stranger.client.delete(`/api/drafts/${id}`)).status).toBe(404);
    expect((await pullAll(stranger.client, 'drafts')).docs).toEqual([]);
    expect((await creator.client.put(`/api/drafts/not-a-uuid`, { assumedRevision: null, data: {} })).status).toBe(404);
    expect((await creator.client.put(`/api/drafts/${randomUUID()}`, { assumedRevision: null, data: { title: 5 } })).status).toBe(400);

    expect((await creator.client.delete(`/api/drafts/${id}`)).status).toBe(200);
    expect((await pullAll(creator.client, 'drafts', pulled.checkpoint)).docs).toEqual([{ id, _deleted: true }]);
  });

  it('when a draft is published twice, concurrently or after a lost answer, then exactly one project exists', async () => {
    const creator = await t.signUp();
    const id = randomUUID();
    await creator.client.put(`/api/drafts/${id}`, { assumedRevision: null, data: { ...validData, title: '' } });
    const invalid = await creator.client.post(`/api/drafts/${id}/publish`);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Please fill out all required fields including thumbnail and Tutorial URL');

    await creator.client.put(`/api/drafts/${id}`, { assumedRevision: 1, data: validData });
    const presses = await Promise.all([1, 2, 3].map(() => creator.client.post(`/api/drafts/${id}/publish`)));
    expect(presses.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(presses.map((r) => r.body.id)).size).toBe(1);
    const retry = await creator.client.post(`/api/drafts/${id}/publish`);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ id: presses[0]!.body.id, title: 'Drafted' });
    const mine = (await creator.client.get('/api/user/projects')).body as { title: string }[];
    expect(mine.filter((p) => p.title === 'Drafted')).toHaveLength(1);

    const draft = (await pullAll(creator.client, 'drafts')).docs[0]!;
    expect(draft).toMatchObject({ draft: { publishedProjectId: presses[0]!.body.id } });
    const late = await creator.client.put(`/api/drafts/${id}`, { assumedRevision: 99, data: { title: 'x' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This draft has already been published');
  });
});
