import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/errors';
import { SESSION_COOKIE } from '../../http/session';
import { startTestServer, type TestServer } from '../../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ ADMIN_EMAILS: 'boss@example.com, Chief@Example.com' });
});
afterAll(() => t.close());

describe('accounts', () => {
  it('when a visitor registers, then they get 201, their profile and a signed-in session', async () => {
    const c = t.client();
    const res = await c.post('/api/auth/register', {
      email: 'Grace@Example.com',
      password: 'hopper1906!',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      displayName: 'Grace Hopper',
      handle: 'grace_hopper',
      isAdmin: false,
      isPremium: false,
    });
    expect(res.body).not.toHaveProperty('passwordHash');
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it('when the email is already registered (in any case), then 409 with the exact message', async () => {
    await t.signUp({ email: 'dup@example.com' });
    const res = await t.client().post('/api/auth/register', { email: 'DUP@example.com', password: 'another-pass-1' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'An account with this email already exists' });
  });

  it('when the password is shorter than 8 characters or the email is invalid, then 400 with a clear message', async () => {
    const short = await t.client().post('/api/auth/register', { email: 'short@example.com', password: '1234567' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'Password must be at least 8 characters' });
    const eight = await t.client().post('/api/auth/register', { email: 'eight@example.com', password: 'kq7#vx2m' });
    expect(eight.status).toBe(201);
    const bad = await t.client().post('/api/auth/register', { email: 'not-an-email', password: 'long-enough-1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Please enter a valid email address' });
  });

  it('when two members share a name, then each gets a unique valid handle', async () => {
    const a = await t.signUp({ firstName: 'Alan', lastName: 'Turing' });
    const b = await t.signUp({ firstName: 'Alan', lastName: 'Turing' });
    expect(a.user.handle).toBe('alan_turing');
    expect(b.user.handle).not.toBe(a.user.handle);
    expect(b.user.handle).toMatch(/^[A-Za-z0-9_]{3,20}$/);
  });

  it('when signing in with the right password, then 200 and a new session id', async () => {
    const { email, password } = await t.signUp();
    const c = t.client();
    // A session that exists before login (e.g. planted by an attacker) must not survive it.
    await c.get('/api/login');
    const before = c.cookie(SESSION_COOKIE);
    const res = await c.post('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
    const after = c.cookie(SESSION_COOKIE);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await c.get('/api/auth/user')).status).toBe(200);
  });

  it('when the password is wrong or the email unknown, then the same 401 answer', async () => {
    const { email } = await t.signUp();
    const wrong = await t.client().post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await t.client().post('/api/auth/login', { email: 'nobody@example.com', password: 'wrong-password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('when signed out, then /api/auth/user answers 401 Unauthorized', async () => {
    const res = await t.client().get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
    expect(`${res.status}: ${res.text}`).toMatch(/^401: .*Unauthorized/);
  });

  it('when a member opens /api/logout, then the session is destroyed and they land on /', async () => {
    const { client } = await t.signUp();
    const stolen = client.cookieHeader;
    const res = await client.get('/api/logout', { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect((await client.get('/api/auth/user')).status).toBe(401);
    // The old cookie no longer works either: the session is gone server-side.
    expect((await t.client().get('/api/auth/user', { cookie: stolen })).status).toBe(401);
  });

  it('when /api/logout is requested as an image (not a page navigation), then the session survives', async () => {
    const { client } = await t.signUp();
    const res = await client.get('/api/logout', { 'sec-fetch-dest': 'image' });
    expect(res.status).toBe(400);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await client.get('/api/logout', { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' })).status).toBe(302);
    expect((await client.get('/api/auth/user')).status).toBe(401);
  });

  it('when /api/login is opened, then it redirects to the sign-in page keeping only a same-origin returnTo', async () => {
    const ok = await t.client().get('/api/login?returnTo=%2Fsaved&mode=signup');
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/signin?returnTo=%2Fsaved&mode=signup');
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const res = await t.client().get(`/api/login?returnTo=${encodeURIComponent(evil)}`);
      expect(res.headers.get('location')).toBe('/signin?returnTo=%2F');
    }
  });
});

describe('cross-origin protection', () => {
  it('when a state-changing request comes from another origin, then 403 and nothing happens', async () => {
    const { client } = await t.signUp();
    const res = await client.post('/api/auth/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGES.crossOrigin });
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const site = await client.post('/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(site.status).toBe(403);
  });

  it('when the request comes from the same origin, then it is accepted', async () => {
    const { client } = await t.signUp();
    const res = await client.post('/api/auth/logout', undefined, { origin: t.url, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(204);
  });
});

describe('admins', () => {
  it('when someone registers with an address of ADMIN_EMAILS, then they are no admin until that address is verified', async () => {
    const boss = await t.signUp({ email: 'boss@example.com' });
    expect(boss.user.isAdmin).toBe(false);
    expect((await boss.client.get('/api/admin/users')).status).toBe(403);
    expect(boss.user.emailVerified).toBe(false);
    // Signing in again grants nothing either.
    const again = await t.client().post('/api/auth/login', { email: boss.email, password: boss.password });
    expect(again.body.isAdmin).toBe(false);
    const verified = await t.verifyEmail(boss.client, boss.email);
    expect(verified).toMatchObject({ isAdmin: true, emailVerified: true });
    expect((await boss.client.get('/api/admin/users')).status).toBe(200);
    const chief = await t.signUp({ email: 'chief@example.com', verified: true });
    expect(chief.user.isAdmin).toBe(true);
    const member = await t.signUp({ verified: true });
    expect(member.user.isAdmin).toBe(false);
  });
});

describe('admins listed after sign-up', () => {
  it('when a verified member\'s email is added to ADMIN_EMAILS, then their next sign-in makes them an admin', async () => {
    const { email, password } = await t.signUp({ verified: true });
    t.deps.config.adminEmails.add(email);
    try {
      const res = await t.client().post('/api/auth/login', { email, password });
      expect(res.body.isAdmin).toBe(true);
    } finally {
      t.deps.config.adminEmails.delete(email);
    }
  });
});

describe('unknown API routes', () => {
  it('when an /api path does not exist, then 404 JSON', async () => {
    const res = await t.client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });

  it('when the JSON body is malformed, then 400 with a message', async () => {
    const res = await t.client().request('POST', '/api/auth/login', undefined, { 'content-type': 'application/json' });
    expect([400]).toContain((await fetch(`${t.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' })).status);
    expect(res.status).toBe(400);
  });
});
