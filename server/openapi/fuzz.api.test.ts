// Fuzzes every route of the OpenAPI document as a visitor, a member and an admin: zero 5xx, and nothing
// the caller may not see. Bounded in `npm test`; `npm run fuzz` (FUZZ_ITERATIONS, FUZZ_SEED) runs longer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { startFakeStripe, type FakeStripe } from '../test/fake-stripe';
import { insertProject } from '../test/factories';
import type { TestClient } from '../test/http-client';
import { startTestServer, type TestServer } from '../test/harness';
import { eq } from 'drizzle-orm';
import { HOSTILE_IDS, hostileBody, hostileValue, prng } from './fuzz';
import { buildOpenApiDocument } from './document';

const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? (process.env.FUZZ_LONG ? 40 : 3));
const SEED = Number(process.env.FUZZ_SEED ?? 11);
const SKIP_FOR_SIGNED_IN = /logout/; // would end the session the other cases need

let t: TestServer;
let stripe: FakeStripe;
let roles: { name: 'visitor' | 'member' | 'admin'; client: TestClient }[];
let victim: { email: string; password: string };
beforeAll(async () => {
  // Payments configured against the local fake Stripe, so the premium routes and the webhook's signature
  // check are fuzzed for real rather than answering 503 "not configured".
  stripe = await startFakeStripe();
  t = await startTestServer({ ...stripe.env, API_RATE_LIMIT: '1000000' });
  const member = await t.signUp({ firstName: 'Fuzz', lastName: 'Member' });
  const admin = await t.signUp({ firstName: 'Fuzz', lastName: 'Admin' });
  await t.deps.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  const v = await t.signUp({ email: 'victim-private@example.com' });
  victim = { email: v.email, password: v.password };
  await insertProject(t.deps.db, v.user.id, { title: 'Victim project' });
  await insertProject(t.deps.db, member.user.id, { title: 'Member project', hostingType: 'native' });
  roles = [
    { name: 'visitor', client: t.client() },
    { name: 'member', client: member.client },
    { name: 'admin', client: admin.client },
  ];
}, 120_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

type Op = { responses?: Record<string, unknown>; parameters?: { name: string; in: string; schema?: Record<string, unknown> }[]; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } };

describe('fuzzing every documented route', () => {
  it(`when hostile inputs are sent ${ITERATIONS}x per route and role, then never a 5xx and never a secret`, async () => {
    const doc = buildOpenApiDocument();
    const r = prng(SEED);
    const failures: string[] = [];
    let sent = 0;
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, raw] of Object.entries(ops)) {
        const op = raw as Op;
        for (const role of roles) {
          if (role.name !== 'visitor' && SKIP_FOR_SIGNED_IN.test(template)) continue;
          for (let i = 0; i < ITERATIONS; i++) {
            const path = template.replace(/\{(\w+)\}/g, () => r.pick(HOSTILE_IDS));
            const query = new URLSearchParams();
            for (const p of op.parameters ?? []) {
              if (p.in === 'query' && r.next() < 0.8) query.set(p.name, String(hostileValue(r, p.schema as never)));
            }
            if (r.next() < 0.2) query.set('q', 'a\u0000b');
            const url = `${path}${query.size ? `?${query.toString()}` : ''}`;
            const headers: Record<string, string> = {};
            const csrf = r.next();
            if (method !== 'get' && csrf < 0.15) headers.origin = 'https://evil.example';
            else if (method !== 'get' && csrf < 0.25) headers['sec-fetch-site'] = 'cross-site';
            let body: string | FormData | undefined;
            const jsonSchema = op.requestBody?.content['application/json']?.schema;
            if (op.requestBody?.content['multipart/form-data'] && r.next() < 0.4) {
              const form = new FormData();
              form.set('project', r.next() < 0.5 ? '{not json' : JSON.stringify(hostileValue(r, jsonSchema as never)));
              form.append(r.pick(['projectFiles', 'image', 'other']), new Blob([r.pick(['<p>x</p>', '\u0000', 'MZ\u0090'])]), r.pick(['index.html', '../x.html', 'a\u202e.png', 'x'.repeat(300)]));
              body = form;
            } else if (method !== 'get' && method !== 'delete') {
              const b = hostileBody(r, jsonSchema as never);
              body = 'raw' in b ? b.raw : JSON.stringify(b.json);
              headers['content-type'] = 'application/json';
            }
            const res = await fetch(t.url + url, {
              method: method.toUpperCase(),
              redirect: 'manual',
              headers: { ...headers, ...(role.client.cookieHeader ? { cookie: role.client.cookieHeader } : {}) },
              body,
            }).catch((err: unknown) => ({ status: 599, text: async () => String(err) }) as unknown as Response);
            sent++;
            const text = await res.text();
            const where = `${role.name} ${method.toUpperCase()} ${url.slice(0, 120)} -> ${res.status}`;
            // A documented 5xx is the route's answer (oEmbed's 501 for a format it does not offer), not a failure.
            if (res.status >= 500 && !(String(res.status) in (op.responses ?? {}))) failures.push(`${where}: ${text.slice(0, 200)}`);
            if (/password_?hash|scrypt\$|"stack"|\.ts:\d+/i.test(text)) failures.push(`${where}: leaks internals`);
            if (role.name !== 'admin' && text.includes(victim.email)) failures.push(`${where}: shows another member's email`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 60_000 + ITERATIONS * 20_000);

  it('when the fuzzing is over, then the server still answers and the victim can still sign in', async () => {
    expect((await t.client().get('/api/health')).status).toBe(200);
    expect((await t.client().post('/api/auth/login', victim)).status).toBe(200);
  });
});
