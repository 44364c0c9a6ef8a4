// Request logs never carry secrets (logs travel further than the database); one compact line per request.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, serializeError } from '../../logger';
import { startTestServer, type TestServer } from '../harness';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { logger: createLogger('info', sink) });
});
afterAll(() => t.close());

describe('secrets stay out of the logs', () => {
  it('when members sign up, sign in and browse, then each request is one line without headers, cookies or passwords', async () => {
    const { client, email, password } = await t.signUp();
    const login = await t.client().post('/api/auth/login', { email, password }, { 'x-request-id': 'trace-me-1', authorization: 'Bearer top-secret-token' });
    expect(login.status).toBe(200);
    await client.get('/api/auth/user?token=query-secret');
    await new Promise((r) => setImmediate(r));
    const sessionValues = [client.cookieHeader, ...login.headers.getSetCookie()].map((c) => c.split(';')[0]!.split('=')[1]!);
    const all = lines.join('\n');
    for (const secret of [...sessionValues, password, 'top-secret-token', 'query-secret', 'scrypt']) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/set-cookie|"headers"|user-agent/i);
    const loginLine = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.reqId === 'trace-me-1');
    expect(loginLine).toMatchObject({ method: 'POST', path: '/api/auth/login', status: 200, msg: 'request' });
    expect(typeof loginLine?.ms).toBe('number');
    expect(Object.keys(loginLine!).sort()).toEqual(['level', 'method', 'ms', 'msg', 'path', 'reqId', 'status', 'time']);
  });

  it('when a request logs on its own (a malformed upload), then the line carries that request id and no other', async () => {
    const { client } = await t.signUp();
    const send = (id: string) =>
      client.request('POST', '/api/projects', undefined, { 'x-request-id': id, 'content-type': 'multipart/form-data; boundary=x' });
    expect((await send('trace-upload-1')).status).toBe(400);
    expect((await send('trace-upload-2')).status).toBe(400);
    await new Promise((r) => setImmediate(r));
    const own = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'malformed multipart body');
    expect(own.map((l) => l.reqId)).toEqual(['trace-upload-1', 'trace-upload-2']);
  });

  it('when a database error is logged, then its query parameters (a password hash, say) are not', () => {
    const err = Object.assign(new Error('Failed query: insert into users ...'), {
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['a@example.com', 'scrypt$16384$8$1$salt$hash'],
      cause: Object.assign(new Error('duplicate key'), { code: '23505', detail: 'Key exists' }),
    });
    const logged = JSON.stringify(serializeError(err));
    expect(logged).not.toContain('scrypt$');
    expect(logged).toContain('Failed query');
    expect(logged).toContain('23505');
  });
});
