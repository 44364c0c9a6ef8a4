import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime/events';
import { startServer, type RunningServer } from '../../start-server';
import { TestClient } from '../../test/http-client';
import { startTestServer, type TestServer, TEST_REDIS_URL } from '../../test/harness';
import { setAdminByEmail } from '../users/users.repository';

// Suspension behind a load balancer: sessions in Redis, sockets on two instances.
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let a: TestServer;
let b: RunningServer;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  a = await startTestServer({ REDIS_URL: TEST_REDIS_URL });
  b = await startServer(a.deps.config, { database: a.database, serveWeb: false, logger: a.logger });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await b?.stop();
  await a?.close();
});

function openSocket(url: string, cookie: string): Promise<ClientSocket> {
  const s: ClientSocket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

const disconnected = (s: ClientSocket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));

describe('suspension with Redis sessions and two instances', () => {
  it('when an admin suspends a member, then every Redis session of theirs is gone and their sockets on both instances drop', async () => {
    const admin = await a.signUp();
    await setAdminByEmail(a.database.db, admin.email, true);
    const m = await a.signUp();
    const onB = new TestClient(b.url);
    expect((await onB.post('/api/auth/login', { email: m.email, password: m.password })).status).toBe(200);
    const sockA = await openSocket(a.url, m.client.cookieHeader);
    const sockB = await openSocket(b.url, onB.cookieHeader);
    const dropped = Promise.all([disconnected(sockA), disconnected(sockB)]);

    expect((await admin.client.post(`/api/admin/users/${m.user.id}/suspend`, { reason: 'Abuse' })).status).toBe(200);
    expect(await dropped).toEqual(['io server disconnect', 'io server disconnect']);

    const prefix = a.deps.config.REDIS_PREFIX;
    const left: string[] = [];
    for await (const keys of a.deps.redis!.scanIterator({ MATCH: `${prefix}sess:*`, COUNT: 500 })) left.push(...keys);
    const values = await Promise.all(left.map((k) => a.deps.redis!.get(k)));
    expect(values.filter((v) => v?.includes(m.user.id))).toHaveLength(0);
    expect((await onB.get('/api/auth/user')).status).toBe(401);
    expect((await m.client.get('/api/auth/user')).status).toBe(401);
    // The admin's own session is untouched.
    expect((await admin.client.get('/api/auth/user')).status).toBe(200);
  });
});
