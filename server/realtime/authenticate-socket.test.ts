import { describe, expect, it, vi } from 'vitest';
import { authenticateSocket } from './realtime-server';

type Next = (err?: Error) => void;

function fakeSocket(userId?: string) {
  return {
    request: { session: userId ? { userId } : undefined, headers: { cookie: 'bb.sid=secret' } } as Record<string, unknown>,
    handshake: { headers: { cookie: 'bb.sid=secret' } } as { headers: Record<string, string> },
    data: {} as Record<string, unknown>,
    join: vi.fn(async () => undefined),
  };
}

function run(mw: ReturnType<typeof authenticateSocket>, socket: ReturnType<typeof fakeSocket>): Promise<Error | undefined> {
  return new Promise((resolve) => (mw as unknown as (s: unknown, next: Next) => void)(socket, resolve));
}

describe('authenticateSocket (no unhandled rejection from the handshake: it would stop the process)', () => {
  it('when the user lookup fails (the database is down), then the socket is refused and the error reported', async () => {
    const onError = vi.fn();
    const err = await run(authenticateSocket(() => Promise.reject(new Error('connection refused')), onError), fakeSocket('u1'));
    expect(err?.message).toBe('Unavailable');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('when joining the room fails, then the socket is refused too', async () => {
    const socket = fakeSocket('u1');
    socket.join.mockRejectedValueOnce(new Error('adapter down'));
    const err = await run(authenticateSocket(async (id) => ({ id, isSuspended: false })), socket);
    expect(err?.message).toBe('Unavailable');
  });

  it('signs in a live user and refuses visitors and suspended users', async () => {
    expect(await run(authenticateSocket(async (id) => ({ id, isSuspended: false })), fakeSocket('u1'))).toBeUndefined();
    expect((await run(authenticateSocket(async () => undefined), fakeSocket())))?.toHaveProperty('message', 'Unauthorized');
    expect((await run(authenticateSocket(async (id) => ({ id, isSuspended: true })), fakeSocket('u2'))))?.toHaveProperty('message', 'Unauthorized');
  });

  it('when a user is signed in, then the socket keeps nothing of the handshake (session, headers) for its lifetime', async () => {
    const socket = fakeSocket('u1');
    expect(await run(authenticateSocket(async (id) => ({ id, isSuspended: false })), socket)).toBeUndefined();
    expect(socket.data.userId).toBe('u1');
    expect(socket.request.session).toBeUndefined();
    expect(socket.request.headers).toEqual({});
    expect(socket.handshake.headers).toEqual({});
  });
});
