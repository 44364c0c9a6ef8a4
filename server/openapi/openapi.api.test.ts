import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../http/session';
import { healthRoutes } from '../modules/health/health.routes';
import { domainRoutes } from '../modules/index';
import { STRIPE_WEBHOOK_PATH } from '../modules/premium/stripe-webhook';
import { reachPageRoutes } from '../modules/reach/reach.routes';
import { startTestServer, type TestServer } from '../test/harness';
import { openApiRoutes } from './openapi.routes';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> } };

/** Every (method, path) an Express router mounts, with :params as OpenAPI {params}. */
function mountedRoutes(routers: Router[]): string[] {
  const out: string[] = [];
  for (const router of routers) {
    for (const layer of (router as unknown as { stack: Layer[] }).stack) {
      if (!layer.route) continue;
      for (const path of [layer.route.path].flat()) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
        }
      }
    }
  }
  return out;
}

describe('OpenAPI document', () => {
  it('when /api/openapi.json is read, then it is OpenAPI 3.1 and documents every route the app mounts', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method} ${path}`);
    }
    // The reach pages (embed, preview images, feeds) are mounted in app.ts outside /api.
    const sessions = createSession({ db: t.deps.db, redis: null, redisPrefix: 'x:', secret: 'x'.repeat(32), secure: false, cache: t.deps.sessions });
    const mounted = mountedRoutes([healthRoutes(async () => undefined), openApiRoutes(), ...domainRoutes(t.deps, { searchIndex: null, sessions }), reachPageRoutes(t.deps)]);
    sessions.close();
    mounted.push(`post ${STRIPE_WEBHOOK_PATH}`); // mounted in app.ts itself, before the body parsers
    expect(mounted.length).toBeGreaterThan(40);
    const undocumented = mounted.filter((r) => !documented.has(r));
    expect(undocumented, 'routes missing from server/openapi/paths/*').toEqual([]);
    const stale = [...documented].filter((r) => !mounted.includes(r));
    expect(stale, 'documented routes that no longer exist').toEqual([]);
  });

  it('when request bodies are documented, then they come from the shared zod schemas', async () => {
    const res = await t.client().get('/api/openapi.json');
    const register = res.body.paths['/api/auth/register'].post.requestBody.content['application/json'].schema;
    expect(register.properties.email).toBeTruthy();
    expect(register.required).toEqual(expect.arrayContaining(['email', 'password']));
    const list = res.body.paths['/api/projects'].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(expect.arrayContaining(['limit', 'offset']));
  });

  it('when /api/docs is opened, then a readable page lists every route, without scripts or outside resources', async () => {
    const res = await t.client().get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).not.toMatch(/<script|https?:\/\/(?!js\.stripe)/i);
    expect(res.text).toContain('/api/projects/{id}/comments');
    expect(res.text).toContain('Buildboard API');
  });
});
