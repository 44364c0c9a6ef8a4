import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { SESSION_COOKIE } from '../../http/session';
import { startTestServer, type TestServer } from '../../test/harness';
import type { TestClient } from '../../test/http-client';
import { startOidcProvider, type OidcTestAccount, type OidcTestProvider } from '../../test/oidc-provider';

let idp: OidcTestProvider;
let t: TestServer;
beforeAll(async () => {
  idp = await startOidcProvider();
  t = await startTestServer({ ...idp.env, ADMIN_EMAILS: 'chief.oidc@example.com' });
  idp.allowRedirectUri(`${t.url}/api/callback`);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

let seq = 0;
function account(overrides: Partial<OidcTestAccount> = {}): OidcTestAccount {
  seq += 1;
  return { sub: `idp-user-${seq}`, email: `oidc${seq}@example.com`, givenName: 'Test', familyName: 'Pilot', ...overrides };
}

/** Starts at /api/login in a fresh browser, lets the provider sign `who` in, and returns at the app's callback. */
async function beginSignIn(who: OidcTestAccount, returnTo = '/') {
  const app = t.client();
  const login = await app.get(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(login.status).toBe(302);
  const authorizationUrl = new URL(login.headers.get('location')!);
  idp.signInAs(who);
  const { redirect, prompts } = await idp.authorize(authorizationUrl.href);
  expect(redirect.origin + redirect.pathname).toBe(`${t.url}/api/callback`);
  return { app, authorizationUrl, callback: redirect, prompts };
}

async function finish(app: TestClient, callback: URL) {
  const res = await app.get(callback.pathname + callback.search);
  expect(res.status).toBe(302);
  return res.headers.get('location');
}

async function signIn(who: OidcTestAccount, returnTo = '/') {
  const { app, callback } = await beginSignIn(who, returnTo);
  const location = await finish(app, callback);
  return { app, location };
}

async function usersWithEmail(email: string) {
  return t.database.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

describe('OpenID Connect sign-in', () => {
  it('when a visitor follows /api/login, then they go to the provider and, after its login and consent, come back signed in at returnTo', async () => {
    const who = account({
      sub: 'ae-1955',
      email: 'Annie.Easley@Example.com',
      givenName: 'Annie',
      familyName: 'Easley',
      picture: 'https://example.com/annie.png',
    });
    const { app, authorizationUrl, callback, prompts } = await beginSignIn(who, '/explore?category=web');

    expect(authorizationUrl.origin).toBe(idp.issuer);
    expect(authorizationUrl.searchParams.get('client_id')).toBe(idp.clientId);
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(`${t.url}/api/callback`);
    expect(authorizationUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizationUrl.searchParams.get('scope')).toBe('openid email profile');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(prompts).toEqual(['login', 'consent']);
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect((await app.get('/api/auth/user')).status).toBe(401);

    const sessionBefore = app.cookie(SESSION_COOKIE);
    expect(await finish(app, callback)).toBe('/explore?category=web');
    expect(app.cookie(SESSION_COOKIE)).not.toBe(sessionBefore);

    const me = await app.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'annie.easley@example.com',
      firstName: 'Annie',
      lastName: 'Easley',
      displayName: 'Annie Easley',
      handle: 'annie_easley',
      profileImageUrl: 'https://example.com/annie.png',
      isAdmin: false,
      isPremium: false,
    });
    const [row] = await usersWithEmail('annie.easley@example.com');
    expect(row).toMatchObject({ oidcIssuer: idp.issuer, oidcSubject: 'ae-1955', passwordHash: null });
  });

  it('when the same person signs in a second time, then they get the same account and no duplicate', async () => {
    const who = account({ givenName: 'Dorothy', familyName: 'Vaughan' });
    const first = await signIn(who);
    const second = await signIn(who, '/dashboard');
    expect(second.location).toBe('/dashboard');
    const a = await first.app.get('/api/auth/user');
    const b = await second.app.get('/api/auth/user');
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.handle).toBe(a.body.handle);
    expect(await usersWithEmail(who.email)).toHaveLength(1);
  });

  it('when the provider vouches for the email of an existing, verified member, then that member is signed in (no second account)', async () => {
    const member = await t.signUp({ firstName: 'Mary', lastName: 'Jackson', verified: true });
    const { app } = await signIn(account({ email: member.email, givenName: 'Mary', familyName: 'Jackson' }));
    const me = await app.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(member.user.id);
    expect(await usersWithEmail(member.email)).toHaveLength(1);
  });

  it('when an attacker registered the victim\'s address first (never verified), then the victim\'s provider sign-in takes the account back: the attacker\'s password and sessions end', async () => {
    const attacker = await t.signUp({ email: 'victim.pre@example.com', firstName: 'Eve' });
    const { app } = await signIn(account({ email: 'victim.pre@example.com', givenName: 'Valerie', familyName: 'Thomas' }));
    const me = await app.get('/api/auth/user');
    expect(me.status).toBe(200);
    // The attacker is out, and their password no longer opens the account.
    expect((await attacker.client.get('/api/auth/user')).status).toBe(401);
    const retry = await t.client().post('/api/auth/login', { email: attacker.email, password: attacker.password });
    expect(retry.status).toBe(401);
    expect(me.body).toMatchObject({ email: 'victim.pre@example.com', emailVerified: true, hasPassword: false });
    expect(await usersWithEmail('victim.pre@example.com')).toHaveLength(1);
  });

  it('when the provider does not vouch for the email, then no existing account is taken over', async () => {
    const member = await t.signUp({ firstName: 'Christine', lastName: 'Darden' });
    const { app } = await signIn(account({ email: member.email, emailVerified: false }));
    const me = await app.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).not.toBe(member.user.id);
    expect(me.body.email).toBeNull();
  });

  it('when the email is listed in ADMIN_EMAILS, then the new account is an admin', async () => {
    const { app } = await signIn(account({ email: 'Chief.OIDC@example.com', givenName: 'Gene', familyName: 'Kranz' }));
    const me = await app.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'chief.oidc@example.com', isAdmin: true });
  });

  it('when the callback carries a wrong state, then it is refused: no session, no account, back to /signin?error=provider', async () => {
    const who = account({ email: 'forged@example.com' });
    const { app, callback } = await beginSignIn(who);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    expect(await finish(app, forged)).toBe('/signin?error=provider');
    expect((await app.get('/api/auth/user')).status).toBe(401);
    expect(await usersWithEmail('forged@example.com')).toHaveLength(0);
    // The attempt is spent: even the genuine answer cannot be replayed on it.
    const replay = await app.get(callback.pathname + callback.search);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: 'No sign-in is in progress' });
    expect((await app.get('/api/auth/user')).status).toBe(401);
  });

  it('when the account is suspended, then the sign-in is refused with /signin?error=suspended and no session', async () => {
    const who = account({ givenName: 'Suspended', familyName: 'Person' });
    const first = await signIn(who);
    const me = await first.app.get('/api/auth/user');
    expect(me.status).toBe(200);
    await t.database.db.update(users).set({ isSuspended: true }).where(eq(users.id, me.body.id));

    const again = await signIn(who, '/dashboard');
    expect(again.location).toBe('/signin?error=suspended');
    expect((await again.app.get('/api/auth/user')).status).toBe(401);
  });
});
