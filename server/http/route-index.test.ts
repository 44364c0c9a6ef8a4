import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { Router, type ErrorRequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIndex } from './route-index';

// The dispatch must answer exactly as the routers mounted one after another would.
const visited: string[] = [];
function router(name: string, build: (r: Router) => void): Router {
  const r = Router();
  build(r);
  // Counts the walks: a router called as a function hands the request to its handle().
  const routerWithHandle = r as unknown as { handle: (...args: unknown[]) => unknown };
  const handle = routerWithHandle.handle.bind(r);
  routerWithHandle.handle = (...args) => {
    visited.push(name);
    return handle(...args);
  };
  return r;
}

let url = '';
let close = () => {};
beforeAll(async () => {
  const app = express();
  app.use(
    routeIndex([
      router('users', (r) => r.get('/api/users/:id', (req, res) => res.json({ from: 'users', id: req.params.id }))),
      router('discovery', (r) => r.get('/api/projects/trending', (_req, res) => res.json({ from: 'discovery' }))),
      router('projects', (r) => {
        r.get('/api/projects/:id', (req, res) => res.json({ from: 'projects', id: req.params.id }));
        r.get('/api/projects/:id/boom', () => {
          throw new Error('boom');
        });
      }),
      router('any-pattern', (r) => r.get('/api/:kind/count', (req, res) => res.json({ from: 'any-pattern', kind: req.params.kind }))),
      router('admin', (r) => {
        r.use('/api/admin', (_req, res) => res.status(403).json({ from: 'admin guard' }));
        r.get('/api/admin/users', (_req, res) => res.json({ from: 'admin' }));
      }),
    ]),
  );
  app.use((_req, res) => res.status(404).json({ from: 'not found' }));
  app.use(((err: Error, _req, res, _next) => res.status(500).json({ error: err.message })) as ErrorRequestHandler);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

async function get(path: string) {
  visited.length = 0;
  const res = await fetch(url + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, visited: [...visited] };
}

describe('routeIndex', () => {
  it('when two routers serve one segment, then the first mounted answers, as with plain mounting', async () => {
    expect((await get('/api/projects/trending')).body).toEqual({ from: 'discovery' });
    expect((await get('/api/projects/7')).body).toEqual({ from: 'projects', id: '7' });
  });

  it('when a request names a segment, then routers of other segments are not walked but pattern routers are', async () => {
    const { body, visited } = await get('/api/users/ada');
    expect(body).toEqual({ from: 'users', id: 'ada' });
    expect(visited).toEqual(['users']);
    expect((await get('/api/projects/count')).visited).toEqual(['discovery', 'projects']);
    expect((await get('/api/things/count')).body).toEqual({ from: 'any-pattern', kind: 'things' });
  });

  it('when the path differs in case, then it still reaches its router (Express matches regardless of case)', async () => {
    expect((await get('/API/Users/ada')).body).toEqual({ from: 'users', id: 'ada' });
  });

  it("when a router's use() guards its prefix, then it runs before that prefix's routes", async () => {
    expect(await get('/api/admin/users')).toMatchObject({ status: 403, body: { from: 'admin guard' } });
  });

  it('when no router answers, then the request goes on; when one throws, then the error goes on at once', async () => {
    expect(await get('/api/nothing/here')).toMatchObject({ status: 404, body: { from: 'not found' } });
    expect(await get('/elsewhere')).toMatchObject({ status: 404, body: { from: 'not found' } });
    expect(await get('/api/projects/7/boom')).toMatchObject({ status: 500, body: { error: 'boom' } });
  });

  it('when a router carries an error handler, then mounting refuses it', () => {
    const r = Router();
    r.use(((_err, _req, _res, next) => next()) as ErrorRequestHandler);
    expect(() => routeIndex([r])).toThrow(/error handler/);
  });
});
