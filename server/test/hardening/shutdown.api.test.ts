// On shutdown, in-flight keep-alive requests are answered with Connection: close, so a balancer's
// client reconnects elsewhere instead of sending into a closing socket.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('graceful shutdown', () => {
  it('when the server stops while a keep-alive request is in flight, then its answer says Connection: close', async () => {
    const socket = connect(t.port, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString()));
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    // Headers and half the body: the request is in flight when the stop begins.
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`);
    await new Promise((r) => setTimeout(r, 100));
    const stopped = t.stop();
    socket.write(body.slice(10));
    await new Promise<void>((r) => socket.once('close', () => r()));
    await stopped;
    expect(received).toMatch(/^HTTP\/1\.1 401/);
    expect(received.toLowerCase()).toContain('connection: close');
  });
});
