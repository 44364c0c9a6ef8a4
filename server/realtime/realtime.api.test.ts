import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, RealtimeNotification, ServerToClientEvents } from '@shared/realtime/events';
import { startServer, type RunningServer } from '../start-server';
import { insertProject } from '../test/factories';
import { startTestServer, type TestServer, TEST_REDIS_URL } from '../test/harness';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestServer;
let second: RunningServer;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await startTestServer({ REDIS_URL: TEST_REDIS_URL });
  // A second instance over the same database and Redis, as behind a load balancer.
  second = await startServer(t.deps.config, { database: t.database, serveWeb: false, logger: t.logger });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await second?.stop();
  await t?.close();
});

function open(url: string, headers: Record<string, string>): ClientSocket {
  const s: ClientSocket = connect(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false });
  sockets.push(s);
  return s;
}

function connected(s: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
}

function refused(s: ClientSocket): Promise<string> {
  return new Promise((resolve, reject) => {
    s.once('connect', () => reject(new Error('connected')));
    s.once('connect_error', (err) => resolve(err.message));
  });
}

const note = (id: number): RealtimeNotification => ({
  id,
  title: 'New follower',
  message: 'Ada Okafor started following you',
  link: '/profile/ada',
  read: false,
  createdAt: new Date().toISOString(),
});

describe('live notifications', () => {
  it('when a notification is stored for a member, then only that member\'s open sockets receive it', async () => {
    const ada = await t.signUp();
    const bob = await t.signUp();
    const adaSocket = open(t.url, { cookie: ada.client.cookieHeader });
    const bobSocket = open(t.url, { cookie: bob.client.cookieHeader });
    await Promise.all([connected(adaSocket), connected(bobSocket)]);
    const bobGot: RealtimeNotification[] = [];
    bobSocket.on('notification:new', (n) => bobGot.push(n));
    const adaGot = new Promise<RealtimeNotification>((resolve) => adaSocket.once('notification:new', resolve));
    await t.deps.events.emit('notification:created', { userId: ada.user.id, notification: note(1) });
    expect(await adaGot).toMatchObject({ id: 1, message: 'Ada Okafor started following you' });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobGot).toEqual([]);
  });

  it('when the socket is connected to another instance, then the push still arrives through Redis', async () => {
    const ada = await t.signUp();
    const onSecond = open(second.url, { cookie: ada.client.cookieHeader });
    await connected(onSecond);
    const got = new Promise<RealtimeNotification>((resolve) => onSecond.once('notification:new', resolve));
    await t.deps.events.emit('notification:created', { userId: ada.user.id, notification: note(2) });
    expect((await got).id).toBe(2);
  });

  it('when a socket has no session, then it is refused', async () => {
    expect(await refused(open(t.url, {}))).toBe('Unauthorized');
  });

  it('when the handshake comes from another origin, then it is refused', async () => {
    const ada = await t.signUp();
    const message = await refused(open(t.url, { cookie: ada.client.cookieHeader, origin: 'https://evil.example' }));
    expect(message).not.toBe('');
  });
});

describe('sync signals', () => {
  it("when a member saves a project, then every open client of theirs (any instance) is told to pull 'saved', and nobody else", async () => {
    const ada = await t.signUp();
    const bob = await t.signUp();
    const author = await t.signUp();
    const project = await insertProject(t.database.db, author.user.id);
    const adaElsewhere = open(second.url, { cookie: ada.client.cookieHeader });
    const bobSocket = open(t.url, { cookie: bob.client.cookieHeader });
    await Promise.all([connected(adaElsewhere), connected(bobSocket)]);
    const bobGot: unknown[] = [];
    bobSocket.on('sync:changed', (c) => bobGot.push(c));
    const adaGot: { collection: string }[] = [];
    adaElsewhere.on('sync:changed', (c) => adaGot.push(c));

    expect((await ada.client.post(`/api/projects/${project.id}/save`)).status).toBe(200);
    await expect.poll(() => adaGot).toEqual([{ collection: 'saved' }]);
    expect((await ada.client.delete(`/api/projects/${project.id}/save`)).status).toBe(200);
    await expect.poll(() => adaGot.length).toBe(2);

    // A refused write changes nothing, so it signals nothing.
    expect((await ada.client.post('/api/projects/999999/save')).status).toBe(404);
    await new Promise((r) => setTimeout(r, 200));
    expect(adaGot).toHaveLength(2);
    expect(bobGot).toEqual([]);
  });
});
