// How clients open and keep their realtime socket. Shared by the web client,
// the desktop client (same web UI) and the realtime benchmark, so they all behave alike.
import type { ManagerOptions, SocketOptions } from 'socket.io-client';

/** How long a disconnected socket's session is kept for Socket.IO connection state recovery. */
export const REALTIME_RECOVERY_WINDOW_MS = 2 * 60 * 1000;

/** First reconnection delay; each client waits this x (0.5 to 1.5), then doubles up to the max. */
export const RECONNECT_DELAY_MS = 1_000;
export const RECONNECT_DELAY_MAX_MS = 10_000;
export const RECONNECT_JITTER = 0.5;

/**
 * WebSocket first: one long-lived TCP connection that a balancer keeps on one instance without sticky
 * sessions. HTTP long-polling is the fallback when WebSockets are blocked; it needs stickiness, which the
 * balancer gives the /socket.io/ path by cookie (deploy/haproxy.cfg).
 */
export const socketOptions: Partial<ManagerOptions & SocketOptions> = {
  withCredentials: true,
  transports: ['websocket', 'polling'],
  tryAllTransports: true,
  reconnection: true,
  reconnectionDelay: RECONNECT_DELAY_MS,
  reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
  randomizationFactor: RECONNECT_JITTER,
};

/** A jittered delay for a reconnection the client starts itself (after 'io server disconnect'). */
export function jitteredDelay(attempt = 0, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_DELAY_MS * 2 ** attempt, RECONNECT_DELAY_MAX_MS);
  return Math.round(base * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random()));
}
