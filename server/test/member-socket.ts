import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime/events';

export type MemberSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real Socket.IO client signed in with a member's cookie, once connected (no reconnection). */
export async function connectMemberSocket(url: string, cookieHeader: string): Promise<MemberSocket> {
  const socket: MemberSocket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: cookieHeader }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
