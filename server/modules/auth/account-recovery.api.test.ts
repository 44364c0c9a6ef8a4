import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { MESSAGES } from '@shared/errors';
import { rowsOf } from '../../db/rows';
import { accountTokens, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { linkIn, tokenIn } from '../../test/mailbox';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'a brand new passphrase';

describe('verifying an address', () => {
  it('when a visitor signs up, then a verification mail with text and HTML parts links to /verify-email, and following it verifies the address', async () => {
    const m = await t.signUp({ firstName: 'Katherine', lastName: 'Johnson' });
    expect(m.user.emailVerified).toBe(false);
    const mail = await t.mailbox.waitFor(m.email, 'Verify your email address');
    expect(mail.text).toContain('Hi Katherine Johnson,');
    expect(mail.html).toContain('Verify email address');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.deps.siteUrl()}/verify-email`);
    expect(mail.html).toContain(link.searchParams.get('token'));
    const res = await m.client.post('/api/auth/verify-email', { token: tokenIn(mail) });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ message: ACCOUNT_MESSAGES.emailVerified, user: { emailVerified: true } });
    expect((await m.client.get('/api/auth/user')).body.emailVerified).toBe(true);
  });

  it('when a link is replayed, tampered with or expired, then 400 says which, and only its hash is stored', async () => {
    const m = await t.signUp();
    const token = tokenIn(await t.mailbox.waitFor(m.email, 'Verify your email address'));
    const [id, secret] = token.split('.');
    const stored = await rowsOf<Record<string, unknown>>(t.deps.db, sql`SELECT * FROM account_tokens WHERE id = ${id}`);
    expect(JSON.stringify(stored)).not.toContain(secret);
    const queued = await rowsOf<{ payload: unknown }>(t.deps.db, sql`SELECT payload FROM outbox WHERE topic = 'mail'`);
    expect(JSON.stringify(queued)).not.toContain(secret);

    const forged = await t.client().post('/api/auth/verify-email', { token: `${id}.${secret!.slice(0, -2)}xx` });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: ACCOUNT_MESSAGES.linkInvalid });
    expect((await t.client().post('/api/auth/verify-email', { token: 'garbage' })).body).toEqual({ message: ACCOUNT_MESSAGES.linkInvalid });

    expect((await t.client().post('/api/auth/verify-email', { token })).status).toBe(200);
    const replay = await t.client().post('/api/auth/verify-email', { token });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: ACCOUNT_MESSAGES.linkUsed });

    const late = await t.signUp();
    const lateToken = tokenIn(await t.mailbox.waitFor(late.email, 'Verify your email address'));
    await t.deps.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accountTokens.id, lateToken.split('.')[0]!));
    const expired = await t.client().post('/api/auth/verify-email', { token: lateToken });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ message: ACCOUNT_MESSAGES.linkExpired });
  });

  it('when a member asks to resend, then a new link comes and the older one stops working; once verified, 409', async () => {
    const m = await t.signUp();
    const first = tokenIn(await t.mailbox.waitFor(m.email, 'Verify your email address'));
    const resend = await m.client.post('/api/auth/resend-verification');
    expect(resend.status).toBe(202);
    expect(resend.body).toEqual({ message: ACCOUNT_MESSAGES.verificationSent });
    await expect.poll(() => t.mailbox.to(m.email).length).toBe(2);
    const second = tokenIn(t.mailbox.to(m.email)[1]!);
    expect(second).not.toBe(first);
    expect((await t.client().post('/api/auth/verify-email', { token: first })).body).toEqual({ message: ACCOUNT_MESSAGES.linkUsed });
    expect((await t.client().post('/api/auth/verify-email', { token: second })).status).toBe(200);
    const again = await m.client.post('/api/auth/resend-verification');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ACCOUNT_MESSAGES.alreadyVerified });
    expect((await t.client().post('/api/auth/resend-verification')).status).toBe(401);
  });
});

describe('resetting a forgotten password', () => {
  it('when an address is asked for, then the answer is the same whether it has an account or not, and only an account gets a link', async () => {
    const m = await t.signUp();
    const known = await t.client().post('/api/auth/forgot-password', { email: m.email.toUpperCase() });
    const unknown = await t.client().post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: ACCOUNT_MESSAGES.resetSent });
    expect(unknown.body).toEqual(known.body);
    const mail = await t.mailbox.waitFor(m.email, 'Reset your Buildboard password');
    expect(mail.text).toContain('The link works once, for 1 hour.');
    expect(linkIn(mail).pathname).toBe('/reset-password');
    await t.deps.outbox.idle();
    expect(t.mailbox.to('nobody-here@example.com')).toEqual([]);
    const bad = await t.client().post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
  });

  it('when the link is followed, then the new password works, the old does not, every other session ends, a mail tells, and the link works once', async () => {
    const m = await t.signUp({ firstName: 'Dorothy' });
    const elsewhere = t.client();
    expect((await elsewhere.post('/api/auth/login', { email: m.email, password: m.password })).status).toBe(200);
    await t.client().post('/api/auth/forgot-password', { email: m.email });
    const token = tokenIn(await t.mailbox.waitFor(m.email, 'Reset your Buildboard password'));

    const common = await t.client().post('/api/auth/reset-password', { token, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ message: ACCOUNT_MESSAGES.commonPassword });

    const browser = t.client();
    const res = await browser.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ message: ACCOUNT_MESSAGES.passwordReset, user: { id: m.user.id, emailVerified: true } });
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    expect((await m.client.get('/api/auth/user')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email: m.email, password: m.password })).status).toBe(401);
    expect((await t.client().post('/api/auth/login', { email: m.email, password: NEW_PASSWORD })).status).toBe(200);
    const told = await t.mailbox.waitFor(m.email, 'Your password was changed');
    expect(told.text).toContain('every other device was signed out');

    const replay = await t.client().post('/api/auth/reset-password', { token, password: 'yet another passphrase' });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ message: ACCOUNT_MESSAGES.linkUsed });
  });

  it('when a reset link is an hour old, then it has expired', async () => {
    const m = await t.signUp();
    await t.client().post('/api/auth/forgot-password', { email: m.email });
    const token = tokenIn(await t.mailbox.waitFor(m.email, 'Reset your Buildboard password'));
    const [row] = await t.deps.db.select().from(accountTokens).where(eq(accountTokens.id, token.split('.')[0]!));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
    await t.deps.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(accountTokens.id, row!.id));
    const res = await t.client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.linkExpired });
  });

  it('when a password is one of the most common, then sign-up refuses it and says why', async () => {
    const res = await t.client().post('/api/auth/register', { email: 'common@example.com', password: 'Password1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.commonPassword });
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'common@example.com'))).toEqual([]);
  });
});

describe('a burst of reset requests', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ LOGIN_RATE_LIMIT: '6' });
  });
  afterAll(() => limited.close());

  it('when one address is asked for again and again, then it is limited alike whether it has an account or not', async () => {
    const m = await limited.signUp();
    const burst = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.client().post('/api/auth/forgot-password', { email })).status);
      return statuses;
    };
    const known = await burst(m.email);
    const unknown = await burst('ghost@example.com');
    expect(known).toEqual([202, 202, 202, 429, 429]);
    expect(unknown).toEqual(known);
    const refused = await limited.client().post('/api/auth/forgot-password', { email: m.email });
    expect(refused.body).toEqual({ message: MESSAGES.tooManyAttempts });
    await limited.deps.outbox.idle();
    expect(limited.mailbox.to(m.email).filter((x) => x.subject === 'Reset your Buildboard password')).toHaveLength(3);
  });
});
