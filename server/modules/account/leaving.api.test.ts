import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REASONS, MESSAGES } from '@shared/errors';
import { ACCOUNT_MESSAGES, type TAccountExport } from '@shared/schemas/account';
import { users } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestServer } from '../../test/harness';
import { linkIn, tokenIn } from '../../test/mailbox';
import { purgeDeletedAccounts } from './purge-deleted-accounts';

let stripe: FakeStripe;
let t: TestServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestServer({ ...stripe.env, ACCOUNT_PURGE_DAYS: '30' });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const PROJECT = {
  title: 'Tide Tables',
  description: 'High and low water for every harbour, offline.',
  thumbnail: 'https://example.com/tide.png',
  category: 'Web Development',
  tutorialUrl: 'https://example.com/tutorial',
  projectUrl: 'https://example.com/tides',
  hostingType: 'external',
};

async function createProject(client: Awaited<ReturnType<TestServer['signUp']>>['client'], values: Record<string, unknown> = {}) {
  const res = await client.post('/api/projects', { ...PROJECT, ...values });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
}

describe('Download my data', () => {
  it('when a member asks for their data, then a ZIP of their profile, projects with files, comments, ratings, saves, follows and notifications is built and mailed', async () => {
    const m = await t.signUp({ firstName: 'Hedy', lastName: 'Lamarr', verified: true });
    const other = await t.signUp({ firstName: 'Ada' });
    const own = await createProject(m.client);
    const form = new FormData();
    form.append('projectFiles', new Blob(['<!doctype html><title>Tides</title>'], { type: 'text/html' }), 'index.html');
    form.append('project', JSON.stringify({ ...PROJECT, title: 'Hosted tides', hostingType: 'native', projectUrl: '' }));
    const created = await m.client.post('/api/projects', form);
    expect(created.status, created.text).toBe(201);
    const hosted = created.body as { id: number };
    const theirs = await createProject(other.client, { title: 'Star Charts' });
    await m.client.post(`/api/projects/${theirs.id}/comments`, { content: 'The charts line up with what I see at night.' });
    await m.client.post(`/api/projects/${theirs.id}/rate`, { rating: 4 });
    await m.client.post(`/api/projects/${theirs.id}/save`);
    await m.client.post(`/api/users/${other.user.handle}/follow`);
    await other.client.post(`/api/users/${m.user.handle}/follow`);

    // Plain fetch: the test client would wait until the archive is built.
    const ask = () => fetch(`${t.url}/api/account/exports`, { method: 'POST', headers: { cookie: m.client.cookieHeader, origin: t.url } });
    const first = await ask();
    const asked = { status: first.status, body: (await first.json()) as TAccountExport };
    expect(asked.status).toBe(202);
    expect(asked.body.status).toBe('pending');
    // Asking again while it is built answers the same archive.
    expect(((await (await ask()).json()) as TAccountExport).id).toBe(asked.body.id);
    const mail = await t.mailbox.waitFor(m.email, 'Your Buildboard data is ready to download');
    expect(linkIn(mail).pathname).toBe('/settings');
    const [ready] = (await m.client.get<TAccountExport[]>('/api/account/exports')).body;
    expect(ready).toMatchObject({ id: asked.body.id, status: 'ready' });

    const download = await fetch(`${t.url}/api/account/exports/${ready!.id}/download`, { headers: { cookie: m.client.cookieHeader } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;
    expect(json('profile.json')).toMatchObject({ id: m.user.id, email: m.email, displayName: 'Hedy Lamarr' });
    expect(JSON.stringify(json('profile.json'))).not.toContain('scrypt');
    expect((json('projects.json') as { id: number }[]).map((p) => p.id).sort()).toEqual([own.id, hosted.id].sort());
    expect(strFromU8(files[`projects/${hosted.id}/files/index.html`]!)).toContain('<title>Tides</title>');
    expect(json('comments.json')).toMatchObject([{ projectId: theirs.id, content: 'The charts line up with what I see at night.' }]);
    expect(json('ratings.json')).toMatchObject([{ projectId: theirs.id, rating: 4 }]);
    expect(json('saves.json')).toMatchObject([{ projectId: theirs.id }]);
    expect(json('follows.json')).toMatchObject({ following: [{ handle: other.user.handle }], followers: [{ handle: other.user.handle }] });
    expect((json('notifications.json') as { type: string }[]).map((n) => n.type)).toContain('follow');
  });

  it('when someone else or a visitor asks for a member\'s archive, then it is not found', async () => {
    const m = await t.signUp();
    const { id } = (await m.client.post<TAccountExport>('/api/account/exports')).body;
    await t.deps.outbox.idle();
    const other = await t.signUp();
    const res = await other.client.get(`/api/account/exports/${id}/download`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.exportNotFound });
    expect((await t.client().get(`/api/account/exports/${id}/download`)).status).toBe(401);
    expect((await m.client.get('/api/account/exports/not-a-uuid/download')).status).toBe(404);
  });
});

describe('Delete my account', () => {
  it('when a member deletes their account, then it takes their password, hides them and their projects at once, ends their sessions and mails them', async () => {
    const m = await t.signUp({ firstName: 'Radia', verified: true });
    const project = await createProject(m.client, { title: 'Spanning Tree Toys' });
    const visitor = await t.signUp();
    expect((await visitor.client.get(`/api/projects/${project.id}`)).status).toBe(200);

    const missing = await m.client.post('/api/account/delete', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: ACCOUNT_MESSAGES.passwordRequired });
    const wrong = await m.client.post('/api/account/delete', { password: 'not it at all' });
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.wrongPassword });

    const res = await m.client.post('/api/account/delete', { password: m.password });
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.accountDeleted);
    const purgeAfter = Date.parse(res.body.purgeAfter);
    expect(Math.round((purgeAfter - Date.now()) / 86_400_000)).toBe(30);
    expect((await m.client.get('/api/auth/user')).status).toBe(401);
    expect((await visitor.client.get(`/api/projects/${project.id}`)).status).toBe(404);
    expect((await visitor.client.get(`/api/users/${m.user.handle}`)).status).toBe(404);
    const trending = (await visitor.client.get<{ id: number }[]>('/api/projects/trending')).body;
    expect(trending.map((p) => p.id)).not.toContain(project.id);
    const search = await visitor.client.get('/api/search?q=Spanning%20Tree%20Toys');
    expect(search.body.projects.map((p: { id: number }) => p.id)).not.toContain(project.id);
    const mail = await t.mailbox.waitFor(m.email, 'Your Buildboard account was deleted');
    expect(mail.text).toContain('Sign in before then and choose to restore your account.');
  });

  it('when a deleted member signs in within the grace period, then they are offered to restore it, and restoring shows them again', async () => {
    const m = await t.signUp({ verified: true });
    const project = await createProject(m.client, { title: 'Lamp Post Inventory' });
    await m.client.post('/api/account/delete', { password: m.password });
    const login = await t.client().post('/api/auth/login', { email: m.email, password: m.password });
    expect(login.status).toBe(409);
    expect(login.body).toMatchObject({ message: ACCOUNT_MESSAGES.pendingDeletion, code: ERROR_REASONS.accountPendingDeletion });
    expect(login.headers.getSetCookie().join(';')).not.toContain('bb.sid=s');
    const wrong = await t.client().post('/api/auth/login', { email: m.email, password: 'a wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: MESSAGES.invalidCredentials });

    const browser = t.client();
    const restored = await browser.post('/api/auth/restore-account', { token: login.body.restoreToken });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ message: ACCOUNT_MESSAGES.accountRestored, user: { id: m.user.id } });
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    expect((await t.client().get(`/api/projects/${project.id}`)).status).toBe(200);
    const replay = await t.client().post('/api/auth/restore-account', { token: login.body.restoreToken });
    expect(replay.body).toEqual({ message: ACCOUNT_MESSAGES.linkUsed });
  });

  it('when the grace period has passed, then the purge job erases the account and everything of it; a restored one stays', async () => {
    const gone = await t.signUp();
    const project = await createProject(gone.client, { title: 'Rain Gauge' });
    await gone.client.post('/api/account/delete', { password: gone.password });
    const kept = await t.signUp();
    await kept.client.post('/api/account/delete', { password: kept.password });
    await t.deps.db.update(users).set({ purgeAfter: new Date(Date.now() - 1000) }).where(eq(users.id, gone.user.id));
    expect(await purgeDeletedAccounts(t.deps)).toBe(1);
    expect(await t.deps.db.select().from(users).where(eq(users.id, gone.user.id))).toEqual([]);
    expect((await t.client().get(`/api/projects/${project.id}`)).status).toBe(404);
    expect(await t.deps.db.select({ id: users.id }).from(users).where(eq(users.id, kept.user.id))).toHaveLength(1);
  });

  it('when a premium member deletes their account, then their subscription is cancelled at the period end', async () => {
    const m = await t.signUp();
    const created = await m.client.post('/api/create-subscription');
    const pi = stripe.paymentIntentByClientSecret(created.body.clientSecret)!;
    stripe.succeedPayment(pi.id);
    expect((await m.client.post('/api/activate-premium', { paymentIntentId: pi.id })).status).toBe(200);
    const res = await m.client.post('/api/account/delete', { password: m.password });
    expect(res.status, res.text).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, m.user.id));
    expect(stripe.subscriptions.get(row!.stripeSubscriptionId!)!.cancel_at_period_end).toBe(true);
  });

  it('when the last admin deletes their account, then it is refused', async () => {
    const admin = await t.signUp();
    await t.deps.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const res = await admin.client.post('/api/account/delete', { password: admin.password });
    expect(res.status).toBe(409);
    expect((await admin.client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('changing the email address', () => {
  it('when a member asks for a new address, then nothing changes until the link mailed there is followed; then the old address is told', async () => {
    const m = await t.signUp({ firstName: 'Joan', verified: true });
    const newEmail = `new-${m.email}`;
    const wrong = await m.client.post('/api/account/email', { newEmail, password: 'not the password' });
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.wrongPassword });
    const taken = await t.signUp();
    expect((await m.client.post('/api/account/email', { newEmail: taken.email, password: m.password })).body).toEqual({ message: MESSAGES.emailTaken });
    const res = await m.client.post('/api/account/email', { newEmail, password: m.password });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: ACCOUNT_MESSAGES.emailChangeSent });
    expect((await m.client.get('/api/auth/user')).body.email).toBe(m.email);
    const mail = await t.mailbox.waitFor(newEmail, 'Confirm your new email address');
    const done = await m.client.post('/api/auth/verify-email', { token: tokenIn(mail) });
    expect(done.status, done.text).toBe(200);
    expect(done.body.message).toBe(ACCOUNT_MESSAGES.emailChanged);
    expect((await m.client.get('/api/auth/user')).body).toMatchObject({ email: newEmail, emailVerified: true });
    const told = await t.mailbox.waitFor(m.email, 'Your email address was changed');
    expect(told.text).toContain(newEmail);
    expect((await t.client().post('/api/auth/login', { email: newEmail, password: m.password })).status).toBe(200);
  });
});
