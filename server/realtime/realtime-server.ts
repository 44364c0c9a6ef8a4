import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { RequestHandler } from 'express';
import { Server } from 'socket.io';
import { userRoom, type ClientToServerEvents, type RealtimeNotification, type ServerToClientEvents } from '@shared/realtime/events';
import type { Db } from '../db/client';
import { findUserById } from '../modules/users/users.repository';
import type { RedisClient } from '../redis';

export type Realtime = {
  pushNotification(userId: string, n: RealtimeNotification): void;
  close(): Promise<void>;
};

/**
 * Socket.IO on the API server. The handshake goes through the same cookie session as HTTP; a socket
 * without a signed-in, unsuspended user is refused. Each socket joins `user:<id>`. With Redis, a
 * push from any instance reaches sockets connected to every other instance.
 */
export async function attachRealtime(opts: {
  httpServer: HttpServer;
  session: RequestHandler;
  db: Db;
  redis: RedisClient | null;
  redisPrefix: string;
  allowedOrigin?: string;
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
  });

  let pubSub: { pub: RedisClient; sub: RedisClient } | null = null;
  if (opts.redis) {
    const pub = opts.redis.duplicate();
    const sub = opts.redis.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${opts.redisPrefix}io` }));
    pubSub = { pub, sub };
  }

  io.engine.use(opts.session);
  io.use(async (socket, next) => {
    const req = socket.request as unknown as { session?: { userId?: string } };
    const id = req.session?.userId;
    const user = id ? await findUserById(opts.db, id) : undefined;
    if (!user || user.isSuspended) return next(new Error('Unauthorized'));
    socket.data.userId = user.id;
    await socket.join(userRoom(user.id));
    next();
  });

  return {
    pushNotification(userId, n) {
      io.to(userRoom(userId)).emit('notification:new', n);
    },
    async close() {
      // Not io.close(): that would also close the HTTP server, whose graceful drain is start-server's job.
      io.local.disconnectSockets(true);
      io.engine.close();
      if (pubSub) await Promise.all([pubSub.pub.quit(), pubSub.sub.quit()]).catch(() => undefined);
    },
  };
}
