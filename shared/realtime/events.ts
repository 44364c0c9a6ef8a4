// Typed Socket.IO events (domain:verb names), shared by the server and the web client.
import type { TSyncCollection } from '../sync-texts';

export type RealtimeNotification = {
  id: number;
  title: string;
  message: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};

export interface ServerToClientEvents {
  'notification:new': (notification: RealtimeNotification) => void;
  /**
   * Sent once a socket connects: the current position in the realtime stream. Socket.IO clients keep the
   * last such string as their offset, so a socket that has not received a push yet can still recover its
   * session (and the pushes it missed) after a disconnection. Clients need not listen.
   */
  'realtime:checkpoint': (offset: string) => void;
  /**
   * One of the member's synced collections changed (on this device or another): the offline store pulls
   * it from its checkpoint. Only the signal travels; the documents come through the pull endpoint.
   */
  'sync:changed': (change: { collection: TSyncCollection }) => void;
}

// Clients only listen for now; the map exists so both sides stay typed when they start talking.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ClientToServerEvents {}

export const userRoom = (userId: string) => `user:${userId}`;
