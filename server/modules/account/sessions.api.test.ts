import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import type { TAccountSession } from '@shared/schemas/account';
import { startServer, type RunningServer } from '../../start-server';
import { startTestServer, TEST_REDIS_URL, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { connectMemberSocket } from '../../test/member-socket';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:132.0) Gecko/20100101 Firefox/132.0';

/** Signs the member in on `url` from a browser with this user agent; answers that browser's client. */
async function signInFrom(url: string, email: string, password: string, userAgent: string): Promise<TestClient> {
  const c = new TestClient(url);
  const res = await c.post('/api/auth/login', { email, password }, { 'user-agent': userAgent });
  expect(res.status, res.text).toBe(200);
  return c;
}

// The same promises with sessions in the database and in Redis, each over two instances of one database.
describe.each([
  { store: 'the database', env: {} as Record<string, string> },
  { store: 'Redis', env: { REDIS_URL: TEST_REDIS_URL } as Record<string, string> },
])('signed-in sessions stored in $store', ({ env }) => {
  let a: TestServer;
  let b: RunningServer;
  beforeAll(async () => {
    a = await startTestServer(env);
    b = await startServer(a.deps.config, { database: a.database, serveWeb: false, logger: a.logger });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.close();
  });

  it('when a member is signed in on two devices, then settings list both with device and times, the current one marked', async () => {
    const m = await a.signUp();
    const laptop = await signInFrom(a.url, m.email, m.password, CHROME_LINUX);
    await signInFrom(b.url, m.email, m.password, FIREFOX_MAC);
    const res = await laptop.get<TAccountSession[]>('/api/account/sessions');
    expect(res.status).toBe(200);
    const mine = res.body;
    // The sign-up session, the laptop and the Mac.
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ current: true, device: 'Chrome on Linux' });
    expect(mine.map((s) => s.device)).toContain('Firefox on macOS');
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    for (const s of mine) {
      expect(Date.parse(s.signedInAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(s.id).not.toContain(laptop.cookie('bb.sid')!.slice(4, 20));
    }
    expect((await new TestClient(a.url).get('/api/account/sessions')).status).toBe(401);
  });

  it('when a member signs one device out from another instance, then that device is signed out at once, sockets included, and the others stay', async () => {
    const m = await a.signUp();
    const phone = await signInFrom(a.url, m.email, m.password, FIREFOX_MAC);
    // Sockets reach across instances only through Redis's adapter; without it the socket is on B's.
    const socket = await connectMemberSocket(env.REDIS_URL ? a.url : b.url, phone.cookieHeader);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const laptop = await signInFrom(b.url, m.email, m.password, CHROME_LINUX);
    const list = (await laptop.get<TAccountSession[]>('/api/account/sessions')).body;
    const target = list.find((s) => s.device === 'Firefox on macOS')!;
    const res = await laptop.request('DELETE', `/api/account/sessions/${target.id}`);
    expect(res.status, res.text).toBe(204);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect(await closed).toBe('io server disconnect');
    expect((await laptop.get('/api/auth/user')).status).toBe(200);
    expect((await m.client.get('/api/auth/user')).status).toBe(200);
    const again = await laptop.request('DELETE', `/api/account/sessions/${target.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: ACCOUNT_MESSAGES.sessionNotFound });
    const self = list.find((s) => s.current)!;
    const own = await laptop.request('DELETE', `/api/account/sessions/${self.id}`);
    expect(own.status).toBe(400);
    expect(own.body).toEqual({ message: ACCOUNT_MESSAGES.currentSession });
  });

  it('when a member signs out everywhere else, then every other session ends on both instances and this one stays', async () => {
    const m = await a.signUp();
    const others = [await signInFrom(a.url, m.email, m.password, CHROME_LINUX), await signInFrom(b.url, m.email, m.password, FIREFOX_MAC)];
    const here = await signInFrom(b.url, m.email, m.password, CHROME_LINUX);
    const res = await here.post('/api/account/sessions/sign-out-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 3 });
    for (const c of [...others, m.client]) expect((await c.get('/api/auth/user')).status).toBe(401);
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await here.get<TAccountSession[]>('/api/account/sessions')).body).toHaveLength(1);
  });

  it('when another member names my session, then it is not theirs to end', async () => {
    const victim = await a.signUp();
    const [session] = (await victim.client.get<TAccountSession[]>('/api/account/sessions')).body;
    const other = await a.signUp();
    const res = await other.client.request('DELETE', `/api/account/sessions/${session!.id}`);
    expect(res.status).toBe(404);
    expect((await victim.client.get('/api/auth/user')).status).toBe(200);
  });

  it('when a member changes their password, then it takes the current one, every other session ends, this one goes on, and a mail tells', async () => {
    const m = await a.signUp();
    const other = await signInFrom(b.url, m.email, m.password, FIREFOX_MAC);
    const wrong = await m.client.post('/api/account/password', { currentPassword: 'not my password', newPassword: 'a fresh strong phrase' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.wrongPassword });
    const common = await m.client.post('/api/account/password', { currentPassword: m.password, newPassword: 'iloveyou123' });
    expect(common.body).toEqual({ message: ACCOUNT_MESSAGES.commonPassword });
    const before = m.client.cookie('bb.sid');
    const res = await m.client.post('/api/account/password', { currentPassword: m.password, newPassword: 'a fresh strong phrase' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });
    // A new session id for this browser, still signed in.
    expect(m.client.cookie('bb.sid')).not.toBe(before);
    expect((await m.client.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    await a.mailbox.waitFor(m.email, 'Your password was changed');
    expect((await new TestClient(a.url).post('/api/auth/login', { email: m.email, password: 'a fresh strong phrase' })).status).toBe(200);
  });
});
