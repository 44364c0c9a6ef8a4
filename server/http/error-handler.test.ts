import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../errors';
import { errorHandler } from './error-handler';

let server: Server | undefined;
afterEach(() => server?.close());

/** An app whose routes fail before or after their answer began, with a logger that keeps what it is told. */
async function serve(): Promise<{ url: string; logged: unknown[] }> {
  const logged: unknown[] = [];
  const app = express();
  app.set('env', 'production'); // Express's own last handler prints what reaches it, as in production
  app.use((req, _res, next) => {
    Object.defineProperty(req, 'log', { value: { error: (fields: { err: unknown }) => logged.push(fields.err) } });
    next();
  });
  app.get('/midway', (_req, res, next) => {
    res.status(200).type('text/plain');
    res.write('the first half of the answer');
    setTimeout(() => next(new Error('the disk went away')), 10);
  });
  app.get('/before', () => {
    throw new AppError('NOT_FOUND', 'Project not found');
  });
  app.use(errorHandler);
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logged };
}

describe('errorHandler', () => {
  it('cuts an answer that failed midway, so the client never takes it for complete, and logs the real error', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { url, logged } = await serve();
      const res = await fetch(`${url}/midway`);
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
      expect(logged).toHaveLength(1);
      expect((logged[0] as Error).message).toBe('the disk went away');
      // Nothing else is printed: no "headers already sent" from answering a second time, which would
      // send an operator after the wrong error.
      expect(printed.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      printed.mockRestore();
    }
  });

  it('answers an error raised before the answer began with its status and message', async () => {
    const { url, logged } = await serve();
    const res = await fetch(`${url}/before`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Project not found' });
    expect(logged).toHaveLength(0);
  });
});
