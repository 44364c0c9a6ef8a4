import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { chain } from './chain';

let server: Server | undefined;
afterEach(() => server?.close());

/** An app with the chain in front of one route and an error handler that names the error. */
async function serve(handlers: RequestHandler[]): Promise<string> {
  const app = express();
  app.use(chain(handlers));
  app.get('/thing', (req, res) => {
    res.json({ seen: (req as unknown as { seen: string[] }).seen });
  });
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    res.status(500).json({ error: err.message });
  };
  app.use(onError);
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/thing`;
}

const mark =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    const r = req as unknown as { seen?: string[] };
    (r.seen ??= []).push(name);
    next();
  };

describe('middlewares run as one layer', () => {
  it('when every handler calls next, then they run in order, an async one included, and the route answers', async () => {
    const later: RequestHandler = async (req, res, next) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      mark('async')(req, res, next);
    };
    const url = await serve([mark('first'), later, mark('last')]);
    expect(await (await fetch(url)).json()).toEqual({ seen: ['first', 'async', 'last'] });
  });

  it('when a handler throws, rejects or passes an error, then the error handler answers and later handlers do not run', async () => {
    const thrown: RequestHandler = () => {
      throw new Error('thrown');
    };
    const rejected: RequestHandler = async () => {
      throw new Error('rejected');
    };
    const passed: RequestHandler = (_req, _res, next) => next(new Error('passed'));
    for (const [handler, message] of [
      [thrown, 'thrown'],
      [rejected, 'rejected'],
      [passed, 'passed'],
    ] as const) {
      let reached = false;
      const url = await serve([mark('first'), handler, () => (reached = true)]);
      const res = await fetch(url);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: message });
      expect(reached).toBe(false);
      server!.close();
    }
  });

  it('when a handler answers without calling next, then nothing after it runs', async () => {
    let reached = false;
    const url = await serve([mark('first'), (_req, res) => void res.status(403).json({ refused: true }), () => (reached = true)]);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ refused: true });
    expect(reached).toBe(false);
  });
});
