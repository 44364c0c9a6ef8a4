// A local stand-in for the Stripe REST API (the part Buildboard calls), for API tests and e2e runs
// without network. Point the server at it with STRIPE_API_URL=<fake.url>. It keeps customers,
// subscriptions, invoices and payment intents in memory, honours Idempotency-Key like Stripe (the same
// key answers the first answer again), records every request, signs webhook events with the real
// `stripe.webhooks.generateTestHeaderString`, and can be taken down (an outage) to test retries.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_fake_buildboard',
  publishableKey: 'pk_test_fake_buildboard',
  webhookSecret: 'whsec_fake_buildboard_secret',
  priceId: 'price_fake_premium_monthly',
} as const;

const PERIOD_S = 30 * 86_400;

type Obj = Record<string, unknown> & { id: string };
type Sub = Obj & {
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  latest_invoice: string;
  items: { object: 'list'; data: { id: string; price: { id: string }; current_period_start: number; current_period_end: number }[] };
};
type Invoice = Obj & { customer: string; status: string; payment_intent: string; confirmation_secret: { client_secret: string; type: string } };
type PaymentIntent = Obj & { customer: string; status: string; client_secret: string; invoice: string; subscription: string };

export type RecordedRequest = { method: string; path: string; idempotencyKey?: string; params: Record<string, string> };

export type FakeStripe = {
  url: string;
  /** Env vars that point the server at this fake (keys, price, webhook secret, API URL). */
  env: Record<string, string>;
  requests: RecordedRequest[];
  customers: Map<string, Obj & { metadata: Record<string, string> }>;
  subscriptions: Map<string, Sub>;
  paymentIntents: Map<string, PaymentIntent>;
  /** What the card network does when Stripe.js confirms: the payment succeeds, the subscription becomes active. */
  succeedPayment(paymentIntentId: string, now?: number): PaymentIntent;
  failPayment(paymentIntentId: string, message?: string): PaymentIntent;
  paymentIntentByClientSecret(clientSecret: string): PaymentIntent | undefined;
  /** A customer with an active subscription, as if paid long ago. */
  seedActiveSubscription(customerId: string, userId: string, periodEnd: number): Sub;
  /** Cancels a subscription at once, as Stripe does when it is deleted: status canceled, ended_at set. */
  endSubscription(subscriptionId: string, endedAt?: number): Sub;
  /** While set, every request answers this status with Stripe's api_error shape (an outage). */
  outage: { status: number; message: string } | null;
  /** A signed webhook delivery: the body and the Stripe-Signature header. */
  signedEvent(event: { id?: string; type: string; created?: number; object: unknown }): { body: string; signature: string; id: string };
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const url = new URL(req.url ?? '/', 'http://x');
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString())) params[k] = v;
  return params;
}

/** The values of a form-encoded array such as expand[0], expand[1] (or expand[]). */
function listParam(params: Record<string, string>, name: string): string[] {
  return Object.entries(params)
    .filter(([k]) => k.startsWith(`${name}[`))
    .map(([, v]) => v);
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Obj & { metadata: Record<string, string> }>();
  const subscriptions = new Map<string, Sub>();
  const invoices = new Map<string, Invoice>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  const stripe = new Stripe(FAKE_STRIPE_KEYS.secretKey);

  const withExpansions = (sub: Sub, expand: string[]) => {
    const wantsInvoice = expand.some((e) => e.includes('latest_invoice'));
    if (!wantsInvoice) return sub;
    return { ...sub, latest_invoice: invoices.get(sub.latest_invoice) };
  };

  const newSubscription = (customer: string, price: string, metadata: Record<string, string>): Sub => {
    const subId = id('sub');
    const invId = id('in');
    const piId = id('pi');
    const secret = `${piId}_secret_${randomBytes(8).toString('hex')}`;
    paymentIntents.set(piId, {
      id: piId,
      object: 'payment_intent',
      amount: 900,
      currency: 'usd',
      customer,
      status: 'requires_payment_method',
      client_secret: secret,
      invoice: invId,
      subscription: subId,
      last_payment_error: null,
    });
    invoices.set(invId, {
      id: invId,
      object: 'invoice',
      customer,
      status: 'open',
      payment_intent: piId,
      confirmation_secret: { client_secret: secret, type: 'payment_intent' },
      parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata } },
    });
    const start = nowS();
    const sub: Sub = {
      id: subId,
      object: 'subscription',
      customer,
      status: 'incomplete',
      metadata,
      cancel_at_period_end: false,
      created: start,
      latest_invoice: invId,
      items: {
        object: 'list',
        data: [{ id: id('si'), price: { id: price }, current_period_start: start, current_period_end: start + PERIOD_S }],
      },
    };
    subscriptions.set(subId, sub);
    return sub;
  };

  const route = (method: string, path: string, params: Record<string, string>): { status: number; body: unknown } => {
    const expand = listParam(params, 'expand');
    const notFound = (what: string) => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
    });
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: id('cus'), object: 'customer', email: params.email ?? null, metadata: metadataOf(params) };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([\w]+)$/.exec(path))) {
      const c = customers.get(m[1]!);
      return c ? { status: 200, body: c } : notFound(`customer: '${m[1]}'`);
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      // Like Stripe: a customer it does not have is an error, not an empty list.
      if (params.customer && !customers.has(params.customer)) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${params.customer}'` } },
        };
      }
      const wanted = params.status ?? 'active';
      const data = [...subscriptions.values()]
        .filter((s) => !params.customer || s.customer === params.customer)
        .filter((s) => (wanted === 'all' ? true : s.status === wanted))
        .reverse()
        .map((s) => withExpansions(s, expand.map((e) => e.replace(/^data\./, ''))));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/subscriptions' } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = params.customer;
      if (!customer || !customers.has(customer)) return notFound(`customer: '${customer}'`);
      const price = params['items[0][price]'];
      if (!price) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Missing items' } } };
      const sub = newSubscription(customer, price, metadataOf(params));
      return { status: 200, body: withExpansions(sub, expand) };
    }
    if ((m = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return notFound(`subscription: '${m[1]}'`);
      if (method === 'POST' && params.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      }
      if (method === 'DELETE') fake.endSubscription(sub.id);
      return { status: 200, body: withExpansions(sub, expand) };
    }
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([\w]+)$/.exec(path))) {
      const pi = paymentIntents.get(m[1]!);
      return pi ? { status: 200, body: pi } : notFound(`payment_intent: '${m[1]}'`);
    }
    if (method === 'GET' && (m = /^\/v1\/invoices\/([\w]+)$/.exec(path))) {
      const inv = invoices.get(m[1]!);
      return inv ? { status: 200, body: inv } : notFound(`invoice: '${m[1]}'`);
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const params = await readBody(req);
      const method = req.method ?? 'GET';
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path, idempotencyKey: key, params });
      const auth = req.headers.authorization ?? '';
      let answer: { status: number; body: unknown };
      if (fake.outage) {
        answer = { status: fake.outage.status, body: { error: { type: 'api_error', message: fake.outage.message } } };
      } else if (auth !== `Bearer ${FAKE_STRIPE_KEYS.secretKey}`) {
        answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      } else if (key && idempotent.has(`${method} ${path} ${key}`)) {
        answer = idempotent.get(`${method} ${path} ${key}`)!;
      } else {
        answer = route(method, path, params);
        if (key && method === 'POST') idempotent.set(`${method} ${path} ${key}`, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    })().catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const piOrThrow = (piId: string) => {
    const pi = paymentIntents.get(piId);
    if (!pi) throw new Error(`fake stripe: no payment intent ${piId}`);
    return pi;
  };

  const fake: FakeStripe = {
    url,
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_KEYS.webhookSecret,
      STRIPE_PRICE_ID: FAKE_STRIPE_KEYS.priceId,
      STRIPE_API_URL: url,
    },
    requests,
    customers,
    subscriptions,
    paymentIntents,
    succeedPayment(piId, now = nowS()) {
      const pi = piOrThrow(piId);
      pi.status = 'succeeded';
      const inv = invoices.get(pi.invoice);
      if (inv) inv.status = 'paid';
      const sub = subscriptions.get(pi.subscription);
      if (sub) {
        sub.status = 'active';
        sub.items.data[0]!.current_period_start = now;
        sub.items.data[0]!.current_period_end = now + PERIOD_S;
      }
      return pi;
    },
    failPayment(piId, message = 'Your card was declined.') {
      const pi = piOrThrow(piId);
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { message, code: 'card_declined' };
      return pi;
    },
    paymentIntentByClientSecret(secret) {
      return [...paymentIntents.values()].find((p) => p.client_secret === secret);
    },
    seedActiveSubscription(customerId, userId, periodEnd) {
      if (!customers.has(customerId)) customers.set(customerId, { id: customerId, object: 'customer', metadata: { userId } });
      const sub = newSubscription(customerId, FAKE_STRIPE_KEYS.priceId, { userId });
      sub.status = 'active';
      sub.items.data[0]!.current_period_end = periodEnd;
      fake.succeedPayment(invoices.get(sub.latest_invoice)!.payment_intent);
      sub.items.data[0]!.current_period_end = periodEnd;
      return sub;
    },
    endSubscription(subId, endedAt = nowS()) {
      const sub = subscriptions.get(subId);
      if (!sub) throw new Error(`fake stripe: no subscription ${subId}`);
      Object.assign(sub, { status: 'canceled', ended_at: endedAt, canceled_at: endedAt, cancel_at_period_end: false });
      return sub;
    },
    outage: null,
    signedEvent(event) {
      const eventId = event.id ?? id('evt');
      const body = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: event.created ?? nowS(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: event.type,
        data: { object: event.object },
      });
      const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: FAKE_STRIPE_KEYS.webhookSecret });
      return { body, signature, id: eventId };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
  return fake;
}
