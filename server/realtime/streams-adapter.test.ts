import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encode } from '@msgpack/msgpack';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { REALTIME_RECOVERY_WINDOW_MS, socketOptions } from '@shared/realtime/transport';
import { TEST_REDIS_URL } from '../test/harness';
import { startBalancer } from '../test/tcp-balancer';
import { attachStreamsAdapter } from './streams-adapter';

// Two Socket.IO instances on one real Redis stream, as in production (connection state recovery, the
// adapter as the app attaches it, sockets closed at the transport on stop), and real clients behind a balancer.
type Instance = Awaited<ReturnType<typeof attach>>;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function listening(): Promise<{ http: HttpServer; url: string }> {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    http.closeAllConnections();
    return new Promise((r) => http.close(r));
  });
  return { http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/**
 * Socket.IO on a listening server, with the app's adapter; its Redis client counts the XRANGEs it sends.
 * `reauthenticating`: called as a recovered socket's middleware starts, which then takes 300 ms (a slow database).
 */
async function attach(http: HttpServer, prefix: string, held?: number, reauthenticating?: (io: Server) => void) {
  const io = new Server(http, { connectionStateRecovery: { maxDisconnectionDuration: REALTIME_RECOVERY_WINDOW_MS, skipMiddlewares: false } });
  const pub = createClient({ url: TEST_REDIS_URL });
  await pub.connect();
  let xRanges = 0;
  const xRange = pub.xRange.bind(pub);
  Object.assign(pub, {
    xRange: (...args: Parameters<typeof xRange>) => {
      xRanges++;
      return xRange(...args);
    },
  });
  const streams = await attachStreamsAdapter(io, pub, prefix, { held });
  io.use((socket, next) => {
    void socket.join(`user:${String(socket.handshake.auth.user)}`);
    if (!socket.recovered || !reauthenticating) return next();
    reauthenticating(io);
    setTimeout(() => next(), 300);
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const client of Object.values((io.engine as unknown as { clients: Record<string, { close(discard?: boolean): void }> }).clients)) client.close(true);
    io.engine.close();
    io.of('/').adapter.close();
    await pub.quit();
    http.closeAllConnections();
    await new Promise((r) => http.close(r));
  };
  cleanups.push(stop);
  // The adapter reads the stream from its end once its reader is connected: until then, what is written
  // passes it by. Ready once it has read something.
  await expect
    .poll(
      () => {
        io.to('nobody').emit('notification:new', { message: 'are you reading?' });
        return streams.newest();
      },
      { timeout: 10_000 },
    )
    .not.toBe(null);
  return { io, streams, xRanges: () => xRanges, stop };
}

async function redisFor(prefix: string) {
  const redis = createClient({ url: TEST_REDIS_URL });
  await redis.connect();
  cleanups.push(async () => {
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length) await redis.del(keys);
    await redis.quit();
  });
  return redis;
}

/** Broadcasts `count` pushes to other members' rooms and waits until `reader` has read them all. */
async function unrelatedPushes(from: Instance, reader: Instance, redis: Awaited<ReturnType<typeof redisFor>>, stream: string, count: number) {
  const before = await redis.xLen(stream);
  for (let i = 0; i < count; i++) from.io.to(`user:someone-${i % 97}`).emit('notification:new', { id: i, message: `for someone else ${i}` });
  await expect.poll(async () => redis.xLen(stream), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + count);
  const last = (await redis.xRevRange(stream, '+', '-', { COUNT: 1 }))?.[0]?.id;
  await expect.poll(() => reader.streams.newest(), { timeout: 20_000 }).toBe(last);
}

/** A stream of its own (a fresh prefix) and two listening servers behind a balancer, the first tried first. */
async function twoServersBehindABalancer() {
  const prefix = `bbt:${randomBytes(4).toString('hex')}:`;
  const redis = await redisFor(prefix);
  const [a, b] = [await listening(), await listening()];
  const balancer = await startBalancer([a.url, b.url]);
  cleanups.push(() => balancer.close());
  return { prefix, redis, stream: `${prefix}io`, a, b, balancer };
}

type Client = Socket;

/** A member's client as the web app opens it, with a longer first delay so "while away" is certain. */
async function member(url: string, user: string): Promise<{ socket: Client; got: string[] }> {
  const socket: Client = connect(url, { ...socketOptions, transports: ['websocket'], reconnectionDelay: 1_500, randomizationFactor: 0, auth: { user } });
  const got: string[] = [];
  socket.on('notification:new', (n: { message: string }) => got.push(n.message));
  cleanups.push(() => socket.disconnect());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, got };
}

describe('recovering a session on another instance', () => {
  it('when an idle socket comes back after thousands of pushes to others, on an instance started since, then it gets exactly what it missed and the stream is not read back from Redis', async () => {
    const { prefix, redis, stream, a, b, balancer } = await twoServersBehindABalancer();
    const first = await attach(a.http, prefix);
    await unrelatedPushes(first, first, redis, stream, 10);
    const ada = await member(balancer.url, 'ada');
    await unrelatedPushes(first, first, redis, stream, 3_000);

    // A new instance (a deploy's): what it holds starts with the stream's history, read at its first entry.
    const second = await attach(b.http, prefix);
    await unrelatedPushes(first, second, redis, stream, 1);
    const streamStart = (await redis.xRange(stream, '-', '+', { COUNT: 1 }))?.[0]?.id;
    await expect.poll(() => second.streams.oldestHeld(), { timeout: 10_000 }).toBe(streamStart);

    const adaSocketId = ada.socket.id!;
    const away = new Promise<string>((r) => ada.socket.once('disconnect', r));
    await first.stop();
    expect(await away).toBe('transport close');
    const back = new Promise<void>((r) => ada.socket.once('connect', () => r()));
    const before = second.xRanges();
    second.io.to('user:ada').emit('notification:new', { message: 'one' });
    second.io.to('user:bob').emit('notification:new', { message: 'for bob' });
    second.io.emit('notification:new', { message: 'to everyone' });
    second.io.to('user:ada').except(adaSocketId).emit('notification:new', { message: 'to her other tabs' });
    second.io.to('user:ada').emit('notification:new', { message: 'two' });
    await back;

    expect(ada.socket.recovered).toBe(true);
    await expect.poll(() => ada.got.length).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(ada.got).toEqual(['one', 'to everyone', 'two']);
    expect(second.xRanges() - before).toBe(0);
  }, 60_000);

  it('when the socket\'s offset is older than what the instance holds, then the session is still recovered, from Redis', async () => {
    const { prefix, redis, stream, a, b, balancer } = await twoServersBehindABalancer();
    const first = await attach(a.http, prefix);
    await unrelatedPushes(first, first, redis, stream, 10);
    const ada = await member(balancer.url, 'ada');
    await unrelatedPushes(first, first, redis, stream, 150);
    // Holds 100 entries: Ada's offset is 150 back, still in the stream (which keeps 10,000).
    const second = await attach(b.http, prefix, 100);
    await unrelatedPushes(first, second, redis, stream, 1);
    await expect.poll(() => second.streams.oldestHeld(), { timeout: 10_000 }).not.toBe(undefined);

    await first.stop();
    const back = new Promise<void>((r) => ada.socket.once('connect', () => r()));
    second.io.to('user:ada').emit('notification:new', { message: 'while away' });
    await back;
    expect(ada.socket.recovered).toBe(true);
    await expect.poll(() => ada.got).toEqual(['while away']);
    expect(second.xRanges()).toBeGreaterThan(0);
  }, 60_000);

  it('when the socket got an entry its new instance has not read yet, then the restore waits for the reader instead of refusing or replaying twice', async () => {
    const prefix = `bbt:${randomBytes(4).toString('hex')}:`;
    const redis = await redisFor(prefix);
    const stream = `${prefix}io`;
    const { http, url } = await listening();
    const instance = await attach(http, prefix);
    // The session the stopped instance stored, whose socket last got entry `seen`, which this instance
    // reads only after the socket is back (it is written a moment later).
    const pid = randomBytes(8).toString('hex');
    const sid = randomBytes(8).toString('hex');
    await redis.set(`${prefix}io:session:${pid}`, Buffer.from(encode({ sid, pid, rooms: ['user:ada', sid], data: {} })).toString('base64'), { PX: 60_000 });
    const seen = `${Date.now() + 60_000}-0`;
    const push = (message: string) => ({
      uid: 'stopped-instance',
      nsp: '/',
      type: '3',
      data: JSON.stringify({ packet: { type: 2, data: ['notification:new', { message }], nsp: '/' }, opts: { rooms: ['user:ada'], except: [], flags: {} } }),
    });
    const socket: Client = connect(url, { transports: ['websocket'], reconnection: false, auth: { user: 'ada', pid, offset: seen } });
    cleanups.push(() => socket.disconnect());
    const got: string[] = [];
    socket.on('notification:new', (n: { message: string }) => got.push(n.message));
    const connected = new Promise<void>((r) => socket.once('connect', () => r()));
    await new Promise((r) => setTimeout(r, 100));
    await redis.xAdd(stream, seen, push('already had it'));
    await redis.xAdd(stream, '*', push('after'));
    await connected;

    // Recovered: the socket has its old id (the client's own flag needs a pid it made itself).
    expect(socket.id).toBe(sid);
    await expect.poll(() => got).toEqual(['after']);
    await new Promise((r) => setTimeout(r, 300));
    expect(got).toEqual(['after']);
    expect(instance.xRanges()).toBe(0);
  }, 30_000);

  it('when a push comes while the recovered socket is signed in again, then it arrives once, not lost between the replay and the room', async () => {
    const { prefix, redis, stream, a, b, balancer } = await twoServersBehindABalancer();
    const first = await attach(a.http, prefix);
    const second = await attach(b.http, prefix, undefined, (io) => {
      io.to('user:ada').emit('notification:new', { message: 'while signing in again' });
    });
    await unrelatedPushes(first, first, redis, stream, 5);
    const ada = await member(balancer.url, 'ada');
    await unrelatedPushes(first, second, redis, stream, 5);

    const back = new Promise<void>((r) => ada.socket.once('connect', () => r()));
    await first.stop();
    await back;
    expect(ada.socket.recovered).toBe(true);
    await expect.poll(() => ada.got).toEqual(['while signing in again']);
    second.io.to('user:ada').emit('notification:new', { message: 'after' });
    await expect.poll(() => ada.got).toEqual(['while signing in again', 'after']);
    await new Promise((r) => setTimeout(r, 300));
    expect(ada.got).toEqual(['while signing in again', 'after']);
  }, 30_000);
});
