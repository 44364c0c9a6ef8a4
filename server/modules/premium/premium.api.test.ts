import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import type { RealtimeNotification } from '@shared/realtime/events';
import { createLogger } from '../../logger';
import { runAdminCommand } from '../../cli/admin-command';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { connectMemberSocket } from '../../test/member-socket';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertProject } from '../../test/factories';
import { refreshTrendingScores } from '../discovery/discovery.repository';
import { findUserById } from '../users/users.repository';
import { projects } from '../../db/schema';
import { eq } from 'drizzle-orm';

const logLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let stripe: FakeStripe;
let t: TestServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestServer(stripe.env, { logger: createLogger('info', sink) });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const DAY = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

/** A member who started a subscription and paid it through the Payment Element. */
async function paidMember(signedUp?: Awaited<ReturnType<TestServer['signUp']>>) {
  const m = signedUp ?? (await t.signUp());
  const created = await m.client.post('/api/create-subscription');
  expect(created.status).toBe(200);
  const pi = stripe.paymentIntentByClientSecret(created.body.clientSecret)!;
  stripe.succeedPayment(pi.id);
  const activated = await m.client.post('/api/activate-premium', { paymentIntentId: pi.id });
  expect(activated.status, activated.text).toBe(200);
  const row = (await findUserById(t.database.db, m.user.id))!;
  return { ...m, pi, subscriptionId: row.stripeSubscriptionId!, customerId: row.stripeCustomerId! };
}

function deliver(event: { id?: string; type: string; created?: number; object: unknown }, signature?: string) {
  const signed = stripe.signedEvent(event);
  return fetch(`${t.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signed.signature,
      // A browser-like cross-site header must not matter: the webhook is exempt from the same-origin guard.
      origin: 'https://stripe.example',
    },
    body: signed.body,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown>, id: signed.id }));
}

function invoiceObject(m: { customerId: string; user: { id: string } }, subscriptionId: string, periodEnd: number) {
  return {
    id: `in_${randomUUID().slice(0, 8)}`,
    object: 'invoice',
    customer: m.customerId,
    status: 'paid',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: { userId: m.user.id } } },
    lines: { object: 'list', data: [{ period: { start: periodEnd - 30 * DAY, end: periodEnd } }] },
  };
}

/** The log line the server wrote about a webhook event. */
function logLine(eventId: string): Record<string, unknown> | undefined {
  return logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.eventId === eventId);
}

function subscriptionObject(over: { id: string; customer: string; userId?: string; status: string; periodEnd: number; cancel?: boolean; endedAt?: number }) {
  return {
    id: over.id,
    object: 'subscription',
    customer: over.customer,
    status: over.status,
    cancel_at_period_end: over.cancel ?? false,
    ended_at: over.endedAt ?? null,
    metadata: over.userId ? { userId: over.userId } : {},
    items: { object: 'list', data: [{ id: 'si_x', current_period_start: over.periodEnd - 30 * DAY, current_period_end: over.periodEnd }] },
  };
}

describe('POST /api/create-subscription', () => {
  it('when a member subscribes for the first time, then a customer and an incomplete subscription are created with idempotency keys and a client secret', async () => {
    const m = await t.signUp();
    const before = stripe.requests.length;
    const res = await m.client.post('/api/create-subscription');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'incomplete', clientSecret: expect.stringMatching(/^pi_\w+_secret_/) });
    const calls = stripe.requests.slice(before).filter((r) => r.method === 'POST');
    const customer = calls.find((r) => r.path === '/v1/customers')!;
    expect(customer.params['metadata[userId]']).toBe(m.user.id);
    expect(customer.idempotencyKey).toBe(`bb-customer-${m.user.id}`);
    const sub = calls.find((r) => r.path === '/v1/subscriptions')!;
    expect(sub.params).toMatchObject({
      'items[0][price]': stripe.env.STRIPE_PRICE_ID,
      payment_behavior: 'default_incomplete',
      'metadata[userId]': m.user.id,
    });
    expect(sub.idempotencyKey).toBeTruthy();
    // Not premium until paid.
    expect((await m.client.get('/api/subscription/status')).body).toMatchObject({ isPremium: false, premiumExpiresAt: null, cancelAtPeriodEnd: false });
  });

  it('when an incomplete subscription is open, then asking again reuses it: same secret, no second subscription', async () => {
    const m = await t.signUp();
    const first = await m.client.post('/api/create-subscription');
    const count = stripe.subscriptions.size;
    const second = await m.client.post('/api/create-subscription');
    expect(second.status).toBe(200);
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    expect(stripe.subscriptions.size).toBe(count);
    expect(stripe.customers.size).toBeGreaterThan(0);
  });

  it('when the subscription is already active, then the answer is { status: active } with no client secret', async () => {
    const m = await paidMember();
    const res = await m.client.post('/api/create-subscription');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'active' });
  });

  it('when a visitor calls it, then 401', async () => {
    expect((await t.client().post('/api/create-subscription')).status).toBe(401);
  });
});

describe('POST /api/activate-premium', () => {
  it('when the payment succeeded, then the member is premium until the period end, everywhere', async () => {
    const m = await paidMember();
    const sub = stripe.subscriptions.get(m.subscriptionId)!;
    const status = await m.client.get('/api/subscription/status');
    expect(status.body).toEqual({
      isPremium: true,
      premiumExpiresAt: new Date(sub.items.data[0]!.current_period_end * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      publishableKey: stripe.env.STRIPE_PUBLISHABLE_KEY,
    });
    expect((await m.client.get('/api/auth/user')).body.isPremium).toBe(true);
    expect((await m.client.get(`/api/users/${m.user.handle}`)).body.isPremium).toBe(true);
  });

  it('when the payment has not succeeded, then 409 and nothing changes', async () => {
    const m = await t.signUp();
    const created = await m.client.post('/api/create-subscription');
    const pi = stripe.paymentIntentByClientSecret(created.body.clientSecret)!;
    const res = await m.client.post('/api/activate-premium', { paymentIntentId: pi.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: PREMIUM_MESSAGES.paymentNotSucceeded });
    expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(false);
  });

  it("when the payment is someone else's, then 403 and nothing changes", async () => {
    const owner = await paidMember();
    const thief = await t.signUp();
    await thief.client.post('/api/create-subscription');
    const res = await thief.client.post('/api/activate-premium', { paymentIntentId: owner.pi.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: PREMIUM_MESSAGES.notYourPayment });
    expect((await thief.client.get('/api/subscription/status')).body.isPremium).toBe(false);
    // A member without any Stripe customer is refused the same way.
    const fresh = await t.signUp();
    expect((await fresh.client.post('/api/activate-premium', { paymentIntentId: owner.pi.id })).status).toBe(403);
  });

  it('when the payment is unknown or the id is malformed, then 400', async () => {
    const m = await t.signUp();
    await m.client.post('/api/create-subscription');
    const unknown = await m.client.post('/api/activate-premium', { paymentIntentId: 'pi_doesnotexist' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: PREMIUM_MESSAGES.unknownPayment });
    expect((await m.client.post('/api/activate-premium', {})).status).toBe(400);
    expect((await m.client.post('/api/activate-premium', { paymentIntentId: '../x' })).status).toBe(400);
  });
});

describe('POST /api/cancel-subscription', () => {
  it('when a premium member cancels, then Stripe cancels at period end and premium stays until premiumExpiresAt', async () => {
    const m = await paidMember();
    const expires = (await m.client.get('/api/subscription/status')).body.premiumExpiresAt;
    const res = await m.client.post('/api/cancel-subscription');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: PREMIUM_MESSAGES.cancelled });
    expect(stripe.subscriptions.get(m.subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await m.client.get('/api/subscription/status')).body).toMatchObject({ isPremium: true, premiumExpiresAt: expires, cancelAtPeriodEnd: true });
  });

  it('when a free member cancels, then 409 with a clear message', async () => {
    const m = await t.signUp();
    const res = await m.client.post('/api/cancel-subscription');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: PREMIUM_MESSAGES.noSubscription });
  });
});

describe('premium ends by itself', () => {
  it('when premiumExpiresAt has passed, then the member is free again without any job', async () => {
    const m = await paidMember();
    await t.database.db.execute(sql`UPDATE users SET premium_expires_at = now() - interval '1 minute' WHERE id = ${m.user.id}`);
    expect((await m.client.get('/api/subscription/status')).body).toMatchObject({ isPremium: false, cancelAtPeriodEnd: false });
    expect((await m.client.get('/api/auth/user')).body.isPremium).toBe(false);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('when the signature is missing or bad, then 401 and nothing changes', async () => {
    const m = await t.signUp();
    const sub = stripe.seedActiveSubscription('cus_forged', m.user.id, nowS() + 30 * DAY);
    const bad = await deliver({ type: 'customer.subscription.updated', object: sub }, 't=1,v1=deadbeef');
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: PREMIUM_MESSAGES.invalidSignature });
    const signed = stripe.signedEvent({ type: 'customer.subscription.updated', object: sub });
    const none = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: signed.body });
    expect(none.status).toBe(401);
    // A signature over another body is refused too.
    const tampered = await fetch(`${t.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      body: signed.body.replace('"active"', '"trialing"'),
    });
    expect(tampered.status).toBe(401);
    expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(false);
  });

  it('when a subscription becomes active by webhook, then the member (found by metadata.userId) is premium as Stripe says; a replay changes nothing', async () => {
    const m = await t.signUp();
    const end = nowS() + 30 * DAY;
    const sub = stripe.seedActiveSubscription('cus_hook1', m.user.id, end);
    // The event's own copy is stale on purpose: what counts is the subscription Stripe has now.
    const stale = subscriptionObject({ id: sub.id, customer: 'cus_hook1', userId: m.user.id, status: 'incomplete', periodEnd: end - DAY });
    const first = await deliver({ id: 'evt_hook1', type: 'customer.subscription.created', object: stale });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect((await m.client.get('/api/subscription/status')).body).toMatchObject({ isPremium: true, premiumExpiresAt: new Date(end * 1000).toISOString() });

    // Someone changes the state by hand; the replayed event must not re-apply itself.
    await t.database.db.execute(sql`UPDATE users SET premium_expires_at = now() + interval '3 days' WHERE id = ${m.user.id}`);
    const before = (await m.client.get('/api/subscription/status')).body.premiumExpiresAt;
    const replay = await deliver({ id: 'evt_hook1', type: 'customer.subscription.created', object: stale });
    expect(replay.status).toBe(200);
    expect((await m.client.get('/api/subscription/status')).body.premiumExpiresAt).toBe(before);
  });

  it('when Stripe redelivers an old event about a subscription that ended after the member started another, then they stay premium and can cancel the one they pay', async () => {
    const m = await paidMember();
    const a = stripe.subscriptions.get(m.subscriptionId)!;
    const oldA = { ...subscriptionObject({ id: a.id, customer: m.customerId, userId: m.user.id, status: 'active', periodEnd: nowS() - 3600 }), created: nowS() - 60 * DAY };
    const t0 = nowS();
    expect((await deliver({ type: 'customer.subscription.updated', created: t0 - 50, object: oldA })).status).toBe(200);
    stripe.endSubscription(a.id, t0 - 40);
    expect((await deliver({ type: 'customer.subscription.deleted', created: t0 - 40, object: stripe.subscriptions.get(a.id) })).status).toBe(200);
    expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(false);
    const b = stripe.seedActiveSubscription(m.customerId, m.user.id, t0 + 30 * DAY);
    expect((await deliver({ type: 'customer.subscription.created', created: t0 - 30, object: b })).status).toBe(200);

    // Days later, Stripe retries the first event about A.
    const late = await deliver({ type: 'customer.subscription.updated', created: t0 - 60 * DAY, object: oldA });
    expect(late.status).toBe(200);
    expect((await m.client.get('/api/subscription/status')).body).toMatchObject({
      isPremium: true,
      premiumExpiresAt: new Date((t0 + 30 * DAY) * 1000).toISOString(),
      cancelAtPeriodEnd: false,
    });
    const cancel = await m.client.post('/api/cancel-subscription');
    expect(cancel.status, cancel.text).toBe(200);
    expect(stripe.subscriptions.get(b.id)!.cancel_at_period_end).toBe(true);
    expect((await m.client.get('/api/subscription/status')).body).toMatchObject({ isPremium: true, cancelAtPeriodEnd: true });
  });

  it('when the subscription is deleted, then premium ends at once (member found by customer)', async () => {
    const m = await paidMember();
    const sub = stripe.endSubscription(m.subscriptionId);
    const object = { ...sub, metadata: {} };
    expect((await deliver({ type: 'customer.subscription.deleted', object })).status).toBe(200);
    expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(false);
    expect((await m.client.get('/api/auth/user')).body.isPremium).toBe(false);
  });

  it('when an invoice is paid, then premium extends to the subscription period end read from Stripe', async () => {
    const m = await paidMember();
    const sub = stripe.subscriptions.get(m.subscriptionId)!;
    const renewedEnd = sub.items.data[0]!.current_period_end + 30 * DAY;
    sub.items.data[0]!.current_period_end = renewedEnd;
    const invoice = invoiceObject(m, sub.id, renewedEnd);
    expect((await deliver({ type: 'invoice.paid', object: invoice })).status).toBe(200);
    expect((await m.client.get('/api/subscription/status')).body.premiumExpiresAt).toBe(new Date(renewedEnd * 1000).toISOString());
  });

  it('when a payment fails, then the member gets a notification once, live on their socket, even if Stripe redelivers', async () => {
    const m = await paidMember();
    const socket = await connectMemberSocket(t.url, m.client.cookieHeader);
    try {
      const pushed = new Promise<RealtimeNotification>((resolve) => socket.once('notification:new', resolve));
      const invoice = { id: 'in_failed', object: 'invoice', customer: m.customerId, status: 'open', parent: null, lines: { object: 'list', data: [] } };
      const first = await deliver({ id: 'evt_failed_once', type: 'invoice.payment_failed', object: invoice });
      expect(first.status).toBe(200);
      await deliver({ id: 'evt_failed_once', type: 'invoice.payment_failed', object: invoice });
      const list = await m.client.get('/api/notifications');
      const failed = (list.body as { id: number; title: string; message: string; link: string }[]).filter((n) => n.title === PREMIUM_MESSAGES.paymentFailedTitle);
      expect(failed).toEqual([expect.objectContaining({ message: PREMIUM_MESSAGES.paymentFailedMessage, link: '/subscribe' })]);
      expect(await pushed).toEqual({
        id: failed[0]!.id,
        title: PREMIUM_MESSAGES.paymentFailedTitle,
        message: PREMIUM_MESSAGES.paymentFailedMessage,
        link: '/subscribe',
        read: false,
        createdAt: expect.any(String),
      });
    } finally {
      socket.disconnect();
    }
    // Still premium: a failed renewal does not end the paid period.
    expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(true);
  });

  it('when the event type is unknown or the member is unknown, then 200, nothing happens, and the ignored event is logged', async () => {
    expect((await deliver({ type: 'charge.refund.updated', object: { id: 're_1', object: 'refund' } })).status).toBe(200);
    const object = subscriptionObject({ id: 'sub_ghost', customer: 'cus_ghost', userId: 'not-a-uuid', status: 'active', periodEnd: nowS() + DAY });
    const ghost = await deliver({ type: 'customer.subscription.updated', object });
    expect(ghost.status).toBe(200);
    expect(logLine(ghost.id)).toMatchObject({ msg: 'stripe event can never apply', eventType: 'customer.subscription.updated' });
  });

  it('when an invoice is paid for a subscription Stripe no longer has, then 200 (no retries), premium unchanged, and a log line', async () => {
    const m = await paidMember();
    const before = (await m.client.get('/api/subscription/status')).body;
    stripe.subscriptions.delete(m.subscriptionId);
    const gone = await deliver({ type: 'invoice.paid', object: invoiceObject(m, m.subscriptionId, nowS() + 60 * DAY) });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ received: true });
    expect(logLine(gone.id)).toMatchObject({ msg: 'stripe event can never apply', eventType: 'invoice.paid' });
    expect((await m.client.get('/api/subscription/status')).body).toEqual(before);
  });

  it('when an event is about a customer Stripe no longer has, then 200 without Stripe\'s text, and a log line', async () => {
    const m = await paidMember();
    stripe.customers.delete(m.customerId);
    const sub = stripe.subscriptions.get(m.subscriptionId)!;
    const gone = await deliver({ type: 'customer.subscription.updated', object: sub });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ received: true });
    expect(JSON.stringify(gone.body)).not.toContain('No such');
    expect(logLine(gone.id)).toMatchObject({ msg: 'stripe event can never apply', reason: expect.stringContaining(m.customerId) });
    expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(true);
  });

  it('when Stripe is down, then 503 with our own message (Stripe retries), and the retry applies the event', async () => {
    const m = await paidMember();
    const sub = stripe.endSubscription(m.subscriptionId);
    stripe.outage = { status: 500, message: 'Stripe internal detail 8f2c' };
    try {
      const down = await deliver({ id: 'evt_during_outage', type: 'customer.subscription.deleted', object: sub });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ message: PREMIUM_MESSAGES.unavailable });
      expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(true);
      // A member's own request gets the same answer, never Stripe's text.
      const cancel = await m.client.post('/api/cancel-subscription');
      expect(cancel.status).toBe(503);
      expect(cancel.body).toEqual({ message: PREMIUM_MESSAGES.unavailable });
    } finally {
      stripe.outage = null;
    }
    expect((await deliver({ id: 'evt_during_outage', type: 'customer.subscription.deleted', object: sub })).status).toBe(200);
    expect((await m.client.get('/api/subscription/status')).body.isPremium).toBe(false);
  });
});

describe('the 3x visibility boost follows the subscription', () => {
  const scoreOf = async (id: number) =>
    (await t.database.db.select({ s: projects.trendingScore }).from(projects).where(eq(projects.id, id)))[0]!.s!;

  it('when premium starts by payment, then the author\'s projects score log2(3) higher at once; when the subscription is deleted, the boost is gone', async () => {
    const m = await t.signUp();
    const p = await insertProject(t.database.db, m.user.id, { title: 'Boosted', projectUrl: 'https://example.com/b' });
    await refreshTrendingScores(t.database.db, [p.id]);
    const free = await scoreOf(p.id);
    const paid = await paidMember(m);
    expect((await scoreOf(p.id)) - free).toBeCloseTo(Math.log2(3), 9);

    const sub = stripe.endSubscription(paid.subscriptionId);
    await deliver({ type: 'customer.subscription.deleted', object: sub });
    expect(await scoreOf(p.id)).toBeCloseTo(free, 9);
  });

  it("when the subscription is deleted by webhook, then the author's cached project page loses the premium badge at once", async () => {
    const paid = await paidMember();
    const p = await insertProject(t.database.db, paid.user.id, { title: 'Badge', projectUrl: 'https://example.com/badge' });
    expect((await t.client().get(`/api/projects/${p.id}`)).body.authorIsPremium).toBe(true);
    const sub = stripe.endSubscription(paid.subscriptionId);
    expect((await deliver({ type: 'customer.subscription.deleted', object: sub })).status).toBe(200);
    expect((await t.client().get(`/api/projects/${p.id}`)).body.authorIsPremium).toBe(false);
  });

  it("when support grants premium by the admin command, then the author's cached project page shows the badge at once and the boost applies", async () => {
    const m = await t.signUp();
    const p = await insertProject(t.database.db, m.user.id, { title: 'By hand', projectUrl: 'https://example.com/hand' });
    await refreshTrendingScores(t.database.db, [p.id]);
    const free = await scoreOf(p.id);
    expect((await t.client().get(`/api/projects/${p.id}`)).body.authorIsPremium).toBe(false);
    expect((await runAdminCommand(t.deps, ['premium', m.email, '3'])).code).toBe(0);
    expect((await t.client().get(`/api/projects/${p.id}`)).body.authorIsPremium).toBe(true);
    expect((await scoreOf(p.id)) - free).toBeCloseTo(Math.log2(3), 9);
  });
});

describe('npm run admin -- premium <email> <days>', () => {
  it('when support grants premium for 7 days, then the member is premium until then; bad input is refused', async () => {
    const m = await t.signUp();
    const now = new Date();
    const res = await runAdminCommand(t.deps, ['premium', m.email, '7'], now);
    const until = new Date(now.getTime() + 7 * DAY * 1000).toISOString();
    expect(res).toEqual({ code: 0, message: `${m.email} is premium until ${until}` });
    expect((await m.client.get('/api/subscription/status')).body).toMatchObject({ isPremium: true, premiumExpiresAt: until });
    expect((await runAdminCommand(t.deps, ['premium', m.email, 'x'])).code).toBe(2);
    expect((await runAdminCommand(t.deps, ['premium', m.email])).code).toBe(2);
    expect((await runAdminCommand(t.deps, ['premium', 'ghost@example.com', '3'])).code).toBe(1);
  });
});

describe('without Stripe keys (the embedded default)', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare.close());

  it('when a member subscribes or activates, then 503 Payments are not configured, never 500; status still answers', async () => {
    const m = await bare.signUp();
    for (const path of ['/api/create-subscription', '/api/activate-premium', '/api/cancel-subscription']) {
      const res = await m.client.post(path, { paymentIntentId: 'pi_x' });
      expect(res.status, path).toBe(503);
      expect(res.body).toEqual({ message: 'Payments are not configured' });
    }
    expect((await m.client.get('/api/subscription/status')).body).toEqual({
      isPremium: false,
      premiumExpiresAt: null,
      cancelAtPeriodEnd: false,
      publishableKey: null,
    });
    const hook = await fetch(`${bare.url}/api/stripe/webhook`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    expect(hook.status).toBe(503);
  });
});
