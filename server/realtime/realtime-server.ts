import type { Server as HttpServer } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { RequestHandler } from 'express';
import { Server } from 'socket.io';
import { userRoom, type ClientToServerEvents, type RealtimeNotification, type ServerToClientEvents } from '@shared/realtime/events';
import { REALTIME_RECOVERY_WINDOW_MS } from '@shared/realtime/transport';
import type { TSyncCollection } from '@shared/sync-texts';
import type { Db } from '../db/client';
import { sessionHandle } from '../http/session';
import { findUserById } from '../modules/users/users.repository';
import type { RedisClient } from '../redis';
import { attachStreamsAdapter } from './streams-adapter';

/** On shutdown, sockets are closed this many at a time, this far apart (10,000 sockets: 2.5 s). */
const CLOSE_BATCH = 1_000;
const CLOSE_BATCH_PAUSE_MS = 250;
type SocketMiddleware = Parameters<Server['use']>[0];

/**
 * Engine.IO keeps the upgrade request reachable for the whole connection (the response object it made
 * for the middlewares listens on the raw socket), and with it the session the middleware loaded, its
 * closures and the headers: a few KB per idle socket. What the socket no longer needs is let go.
 */
function releaseHandshake(req: Record<string, unknown> | undefined): void {
  if (!req) return;
  // Engine.IO's upgrade response forwards the raw socket's 'close' for middlewares that wait for the
  // response to end; the response (and the request, the session's closures) stay reachable through that
  // listener. The upgrade has long ended: let it go. (Matched by its source; if Engine.IO changes, nothing
  // is removed and only memory is lost.)
  const raw = req.socket as { listeners(e: string): ((...a: unknown[]) => void)[]; removeListener(e: string, f: (...a: unknown[]) => void): void } | undefined;
  for (const listener of raw?.listeners('close') ?? []) {
    if (listener.name === '' && /^\(\) => this\.emit\("close"\)$/.test(String(listener))) raw!.removeListener('close', listener);
  }
  for (const key of ['session', 'sessionStore', 'sessionID', 'sessionUser', '_parsedUrl', 'url', '_query', 'websocket']) req[key] = undefined;
  req.headers = {};
  req.rawHeaders = [];
}

/**
 * The handshake check: a signed-in, unsuspended user, who joins their room. Any failure (a database
 * error included) refuses the socket; nothing escapes as an unhandled rejection.
 */
export function authenticateSocket(
  findUser: (id: string) => Promise<{ id: string; isSuspended: boolean } | undefined>,
  onError: (err: unknown) => void = () => undefined,
): SocketMiddleware {
  return (socket, next) => {
    const req = socket.request as unknown as { session?: { userId?: string }; sessionID?: string };
    const id = req.session?.userId;
    const sid = req.sessionID;
    (async () => {
      const user = id ? await findUser(id) : undefined;
      if (!user || user.isSuspended) return next(new Error('Unauthorized'));
      socket.data.userId = user.id;
      // Lean sockets (Socket.IO's memory guide): once authenticated, the handshake request (headers, the
      // session it carried) is not needed any more and is not kept for the socket's lifetime.
      releaseHandshake(socket.request as unknown as Record<string, unknown>);
      const conn = socket.conn as unknown as { request: unknown } | undefined;
      if (conn) conn.request = null;
      // The handshake's copy of the headers (the session cookie among them) is not read again either.
      socket.handshake.headers = {};
      await socket.join(sid ? [userRoom(user.id), sessionRoom(sessionHandle(sid))] : userRoom(user.id));
      next();
    })().catch((err: unknown) => {
      onError(err);
      next(new Error('Unavailable'));
    });
  };
}

/** The room of the sockets opened with one session, so signing that session out closes them. */
const sessionRoom = (handle: string) => `session:${handle}`;

export type Realtime = {
  pushNotification(userId: string, n: RealtimeNotification): void;
  /** Tells every open client of a member (on every instance) that one of their synced collections changed. */
  signalSync(userId: string, collection: TSyncCollection): void;
  /** Disconnects every socket of a user, on every instance (suspension, deletion). */
  disconnectUser(userId: string): void;
  /** Disconnects the sockets opened with these sessions (by handle), on every instance (a session signed out). */
  disconnectSessions(handles: readonly string[]): void;
  /**
   * Closes this instance's sockets at the transport level (reason 'transport close' on the client), so
   * clients reconnect by themselves, through the balancer, to another instance, and their sessions are
   * stored for connection state recovery. Then stops the Redis adapter.
   */
  close(): Promise<void>;
};

/**
 * Socket.IO on the API server. The handshake goes through the same cookie session as HTTP; a socket
 * without a signed-in, unsuspended user is refused. Each socket joins `user:<id>` (its only room besides
 * its own id). With Redis, pushes go through a Redis stream (@socket.io/redis-streams-adapter): a push from
 * any instance reaches sockets on every other instance, and a client that lost its socket (an instance
 * stopped) gets the pushes it missed replayed on whichever instance it reconnects to, within
 * REALTIME_RECOVERY_WINDOW_MS. Past the window the client resyncs by refetching (web/lib/use-live-notifications.ts).
 */
export async function attachRealtime(opts: {
  httpServer: HttpServer;
  session: RequestHandler;
  db: Db;
  redis: RedisClient | null;
  redisPrefix: string;
  allowedOrigin?: string;
  /** Where a failed handshake lookup is reported (the database being down, say). */
  onError?: (err: unknown) => void;
}): Promise<Realtime> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(opts.httpServer, {
    serveClient: false,
    // Same-origin only: the browser's Origin must be ours (or PUBLIC_URL); cookies are SameSite=Lax.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const own = `http://${req.headers.host}`;
      const ownTls = `https://${req.headers.host}`;
      callback(null, !origin || origin === own || origin === ownTls || origin === opts.allowedOrigin);
    },
    // Replays missed pushes after a short disconnection. Middlewares run again: a member who signed out
    // or was suspended meanwhile is refused.
    connectionStateRecovery: { maxDisconnectionDuration: REALTIME_RECOVERY_WINDOW_MS, skipMiddlewares: false },
  });

  let pub: RedisClient | null = null;
  if (opts.redis) {
    pub = opts.redis.duplicate();
    await pub.connect();
    await attachStreamsAdapter(io, pub, opts.redisPrefix);
  }
  io.engine.use(opts.session);
  // A deleted account awaiting purge is refused like a suspended one.
  io.use(authenticateSocket((id) => findUserById(opts.db, id).then((u) => u && { id: u.id, isSuspended: u.isHidden }), opts.onError));

  return {
    pushNotification(userId, n) {
      io.to(userRoom(userId)).emit('notification:new', n);
    },
    signalSync(userId, collection) {
      io.to(userRoom(userId)).emit('sync:changed', { collection });
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    disconnectSessions(handles) {
      if (handles.length) io.in(handles.map(sessionRoom)).disconnectSockets(true);
    },
    async close() {
      // Not io.close(): that would also close the HTTP server, whose graceful drain is start-server's job.
      // Not disconnectSockets(): 'io server disconnect' tells clients not to reconnect and drops the session.
      // In batches, so the instances that stay get the reconnections spread out (clients add their jitter).
      const clients = (io.engine as unknown as { clients: Record<string, { close(discard?: boolean): void }> }).clients;
      const ids = Object.keys(clients);
      for (let i = 0; i < ids.length; i += CLOSE_BATCH) {
        if (i > 0) await delay(CLOSE_BATCH_PAUSE_MS);
        for (const id of ids.slice(i, i + CLOSE_BATCH)) clients[id]?.close(true);
      }
      io.engine.close();
      io.of('/').adapter.close();
      // The sessions stored for recovery are queued on `pub`; quit() sends them before closing.
      if (pub) await pub.quit().catch(() => undefined);
    },
  };
}
