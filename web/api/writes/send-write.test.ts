// The typed outbox on the real local store (RxDB on IndexedDB, here fake-indexeddb's in-memory
// IndexedDB); only the network is stubbed, as fetch answers.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commentsQueryKey, projectQueryKey } from '@web/lib/query-keys';
import { keepDraftFiles, draftFiles } from '@web/offline/draft-files';
import { LOCAL_STORE_NAME } from '@web/offline/local-databases';
import { localStore, wipeLocalStore } from '@web/offline/local-store';
import { flushWrites, isQueued, sendWrite, watchWrites } from './send-write';
import { routeOf, typedWrite, type TWrite } from './write-routes';

type Call = { method: string; url: string; headers: Record<string, string>; body: unknown };
let calls: Call[] = [];
/** Answers in order; an Error is a request that never reached the server. */
function network(...answers: (Response | Error)[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ method: init.method!, url, headers: init.headers as Record<string, string>, body: init.body });
      const next = answers.shift() ?? new Response('{}', { status: 200 });
      if (next instanceof Error) throw next;
      return next;
    }),
  );
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const setOnline = (onLine: boolean) => vi.stubGlobal('navigator', { onLine });

async function queued(): Promise<{ id: string; write: TWrite }[]> {
  let seen: { id: string; write: TWrite }[] = [];
  const stop = await watchWrites((w) => (seen = w));
  await vi.waitFor(async () => expect(seen).toHaveLength((await (await localStore())!.outbox.find().exec()).length));
  stop();
  return seen;
}

beforeEach(() => {
  calls = [];
  setOnline(false);
});
afterEach(async () => {
  await wipeLocalStore();
  vi.unstubAllGlobals();
});

const comment: TWrite = { kind: 'comment', projectId: '7', input: { content: 'Written on a plane' } };
const like: TWrite = { kind: 'reaction', projectId: '7', remove: false };

describe('the typed outbox', () => {
  it('when a write is made offline, then the store keeps the typed write (no URL) and it is shown as pending', async () => {
    const answer = await sendWrite(comment);
    expect(isQueued(answer)).toBe(true);
    const [doc] = await (await localStore())!.outbox.find().exec();
    expect(doc!.toJSON().write).toEqual(comment);
    expect(JSON.stringify(doc!.toJSON())).not.toContain('/api/');
    expect(await queued()).toEqual([{ id: doc!.id, write: comment }]);
  });

  it('when the network is back, then queued writes go oldest first, each with its id as Idempotency-Key, and refresh their queries', async () => {
    await sendWrite(like);
    await sendWrite(comment);
    const ids = (await queued()).map((q) => q.id);
    setOnline(true);
    network(json(200, { hasReacted: true, reactionCount: 1 }), json(201, { id: 1 }));
    const qc = new QueryClient();
    qc.setQueryData(commentsQueryKey('7'), []);
    const result = await flushWrites(qc);
    expect(result).toEqual({ sent: 2, failed: [] });
    expect(calls.map((c) => [c.method, c.url, c.headers['Idempotency-Key'], c.body])).toEqual([
      ['POST', '/api/projects/7/react', ids[0], '{"type":"like"}'],
      ['POST', '/api/projects/7/comments', ids[1], '{"content":"Written on a plane"}'],
    ]);
    expect(qc.getQueryState(commentsQueryKey('7'))?.isInvalidated).toBe(true);
    expect(await queued()).toEqual([]);
  });

  it('when the server says the first send of this key is still running (by its code), then the write and those after it wait', async () => {
    await sendWrite(like);
    await sendWrite(comment);
    setOnline(true);
    network(json(409, { code: 'IDEMPOTENCY_IN_PROGRESS', message: 'Any words at all' }));
    expect(await flushWrites(new QueryClient())).toEqual({ sent: 0, failed: [] });
    expect(calls).toHaveLength(1);
    expect((await queued()).map((q) => q.write)).toEqual([like, comment]);
  });

  it('when a 409 has the in-progress text but no code, then it is a refusal like any other', async () => {
    await sendWrite(like);
    setOnline(true);
    network(json(409, { message: 'A request with this Idempotency-Key is still being processed' }));
    expect(await flushWrites(new QueryClient())).toEqual({
      sent: 0,
      failed: [{ label: 'Like', message: 'A request with this Idempotency-Key is still being processed' }],
    });
    expect(await queued()).toEqual([]);
  });

  it.each([
    ['a server error', json(500, { message: 'Internal server error' })],
    ['a rate limit', json(429, { message: 'Too many requests. Please try again later.' })],
    ['no answer', new TypeError('Failed to fetch')],
  ])('when the first queued write meets %s, then it stays queued with the rest', async (_, answer) => {
    await sendWrite(like);
    await sendWrite(comment);
    setOnline(true);
    network(answer);
    expect(await flushWrites(new QueryClient())).toEqual({ sent: 0, failed: [] });
    expect(await queued()).toHaveLength(2);
  });

  it('when writes are queued within the same millisecond, even at once, then they are sent in the order they were made', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    const unlike: TWrite = { kind: 'reaction', projectId: '7', remove: true };
    const writes = [like, comment, unlike, { ...comment, input: { content: 'Second thought' } }, like];
    await sendWrite(writes[0]!);
    await Promise.all(writes.slice(1).map((w) => sendWrite(w)));
    const stored = await (await localStore())!.outbox.find({ sort: [{ createdAt: 'asc' }] }).exec();
    expect(stored.map((d) => d.toJSON().write)).toEqual(writes);
    vi.mocked(Date.now).mockRestore();
    setOnline(true);
    network();
    expect(await flushWrites(new QueryClient())).toEqual({ sent: 5, failed: [] });
    const expected = writes.map((w) => routeOf(w)).map((r) => [r.method, r.url, JSON.stringify(r.body)]);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual(expected);
  });

  it('when a queued write can no longer apply, then it is dropped with the server message and the next one is sent', async () => {
    await sendWrite(like);
    await sendWrite(comment);
    setOnline(true);
    network(json(404, { message: 'Project not found' }), json(201, { id: 2 }));
    const qc = new QueryClient();
    qc.setQueryData(projectQueryKey('7'), { id: 7 });
    expect(await flushWrites(qc)).toEqual({ sent: 1, failed: [{ label: 'Like', message: 'Project not found' }] });
    expect(qc.getQueryState(projectQueryKey('7'))?.isInvalidated).toBe(true);
    expect(await queued()).toEqual([]);
  });

  it('when online, then a write is sent at once; a request that never reached the server is queued under the same key', async () => {
    setOnline(true);
    network(json(200, { hasSaved: true, saveCount: 3 }), new TypeError('Failed to fetch'));
    expect(await sendWrite({ kind: 'save', projectId: '9', remove: false })).toEqual({ hasSaved: true, saveCount: 3 });
    const answer = await sendWrite(comment);
    expect(isQueued(answer)).toBe(true);
    expect(calls[1]!.headers['Idempotency-Key']).toBe(isQueued(answer) ? answer.id : null);
    expect((await queued()).map((q) => q.write)).toEqual([comment]);
  });

  it('when online and the server refuses a write, then the caller gets the error and nothing is queued', async () => {
    setOnline(true);
    network(json(400, { message: 'Rating must be between 1 and 5' }));
    await expect(sendWrite({ kind: 'rating', projectId: '7', rating: 5 })).rejects.toThrow('400: {"message":"Rating must be between 1 and 5"}');
    expect(await queued()).toEqual([]);
  });

  it("when a draft's publish waited offline, then it is sent with the files kept on this device, which go once published", async () => {
    const file = new File(['<h1>hi</h1>'], 'index.html', { type: 'text/html' });
    await keepDraftFiles('draft-1', [{ file, path: 'index.html' }]);
    await sendWrite({ kind: 'publish-draft', draftId: 'draft-1' });
    setOnline(true);
    network(json(201, { id: 5, title: 'Drafted' }));
    expect(await flushWrites(new QueryClient())).toEqual({ sent: 1, failed: [] });
    expect(calls[0]!.url).toBe('/api/drafts/draft-1/publish');
    const form = calls[0]!.body as FormData;
    expect((form.get('projectFiles') as File).name).toBe('index.html');
    await vi.waitFor(async () => expect(await draftFiles('draft-1')).toEqual([]));
  });
});

describe('writes stored by the first version of the store', () => {
  const every: TWrite[] = [
    { kind: 'reaction', projectId: '7', remove: true },
    { kind: 'save', projectId: '7', remove: false },
    { kind: 'rating', projectId: '7', rating: 4 },
    { kind: 'share', projectId: '7' },
    comment,
    { kind: 'mark-read', notificationId: 12 },
    { kind: 'profile', input: { displayName: 'Ada', handle: 'ada' } },
    { kind: 'publish-draft', draftId: '0b7c3f4e-0000-4000-8000-000000000001' },
  ];

  it.each(every)('when a queued request was $kind, then it reads back as that typed write', (write) => {
    const { method, url, body } = routeOf(write);
    expect(typedWrite({ kind: 'request', method, url, body })).toEqual(write);
  });

  it('when a stored request matches no write, then it is none', () => {
    expect(typedWrite({ kind: 'request', method: 'POST', url: '/api/somewhere/else' })).toBeNull();
  });

  it('when the store of the first version held a queued like, then opening it migrates the like, which is then sent', async () => {
    const [{ createRxDatabase }, { getRxStorageDexie }] = await Promise.all([import('rxdb'), import('rxdb/plugins/storage-dexie')]);
    const old = await createRxDatabase({ name: LOCAL_STORE_NAME, storage: getRxStorageDexie() });
    const { outbox } = await old.addCollections({
      outbox: {
        schema: {
          version: 0,
          primaryKey: 'id',
          type: 'object',
          properties: {
            id: { type: 'string', maxLength: 100 },
            method: { type: 'string' },
            url: { type: 'string' },
            body: { type: ['string', 'null'] },
            label: { type: 'string' },
            refresh: { type: 'array', items: { type: 'string' } },
            createdAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
            state: { type: 'string', enum: ['pending', 'failed'] },
            error: { type: ['string', 'null'] },
          },
          required: ['id', 'method', 'url', 'label', 'refresh', 'createdAt', 'state'],
          indexes: ['createdAt'],
        },
      },
    });
    await outbox.insert({
      id: 'old-like-0001',
      method: 'POST',
      url: '/api/projects/7/react',
      body: '{"type":"like"}',
      label: 'Like',
      refresh: ['["/api/projects","7"]'],
      createdAt: 1,
      state: 'pending',
      error: null,
    });
    await old.close();

    expect(await queued()).toEqual([{ id: 'old-like-0001', write: { kind: 'reaction', projectId: '7', remove: false } }]);
    setOnline(true);
    network(json(200, { hasReacted: true, reactionCount: 1 }));
    expect(await flushWrites(new QueryClient())).toEqual({ sent: 1, failed: [] });
    expect(calls.map((c) => [c.method, c.url, c.headers['Idempotency-Key'], c.body])).toEqual([['POST', '/api/projects/7/react', 'old-like-0001', '{"type":"like"}']]);
  });
});
