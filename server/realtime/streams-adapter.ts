import { decode } from '@msgpack/msgpack';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Server } from 'socket.io';
import type { RedisClient } from '../redis';
import { RecentStreamEntries, type StreamBroadcast } from './recent-stream-entries';

/** How many entries the stream keeps (Redis trims it to about this); the instance holds as many. */
export const STREAM_MAX_LEN = 10_000;

/** An entry of the stream as the adapter writes it (all fields strings). */
type RawMessage = { uid?: string; nsp?: string; type?: string; data?: string };
type Session = { sid: string; pid: string; rooms: string[]; data: unknown; missedPackets: unknown[][] };
type StreamsAdapter = {
  onRawMessage(message: RawMessage, offset: string): unknown;
  restoreSession(pid: string, offset: string): Promise<Session>;
};
type AdapterFactory = Parameters<Server['adapter']>[0];
/** Sockets as the adapter's connection handler uses them (the event names of a replayed packet are its own). */
type AnySocket = { recovered: boolean; data: unknown; rooms: Set<string>; emit(event: string, ...args: unknown[]): unknown };
type AnyServer = { adapter(factory: AdapterFactory): unknown; on(event: 'connection', listener: (socket: never) => void): unknown; to(room: string): { emit(event: string, ...args: unknown[]): unknown } };

const BROADCAST = '3';
/**
 * On a restored socket's data (not persisted: msgpack keeps string keys only): the newest entry its
 * replay covered. Socket.IO puts a restored socket in its rooms at once but delivers to it only once its
 * middlewares have passed (the sign-in check, a database read): what arrives in between reaches neither.
 */
const REPLAYED_UP_TO = Symbol('replayedUpTo');
/** How long a restore waits for this instance to read up to the socket's offset before asking Redis. */
const READER_WAIT_MS = 250;

function markReplayed(session: Session, upTo: string | undefined): void {
  if (!upTo) return;
  if (!session.data || typeof session.data !== 'object') session.data = {};
  (session.data as Record<symbol, string>)[REPLAYED_UP_TO] = upTo;
}

/** Where a broadcast entry goes, read once as it arrives; other entries are not replayed. */
function broadcastOf(message: RawMessage): StreamBroadcast | null | 'unreadable' {
  if (message.type !== BROADCAST) return null;
  // onlyPlaintext: every broadcast's data is JSON; anything else (msgpack from another writer) is not read here.
  if (!message.data?.startsWith('{')) return 'unreadable';
  try {
    const data = JSON.parse(message.data) as { opts?: { rooms?: string[]; except?: string[] }; requestId?: unknown };
    if (data.requestId !== undefined) return null; // a broadcast waiting for acks is never replayed
    return { rooms: data.opts?.rooms ?? [], except: data.opts?.except ?? [], json: message.data };
  } catch {
    return 'unreadable';
  }
}

/**
 * Puts the Redis streams adapter on `io`, with sessions restored from the entries this instance has
 * already read. The adapter's own restoreSession reads the stream from the socket's offset to its end and
 * parses every entry, once per recovering socket: after a deploy, thousands of idle sockets (whose offset
 * dates from when they connected) each re-read most of the stream, and the instance they come back to
 * spends tens of seconds on it. Here the missed broadcasts are looked up by room in memory; only an offset
 * outside what the instance holds (older than it read, or newer than it has read yet) goes to Redis as
 * before. Each new socket is told the stream's position (its offset to recover from); each restored one,
 * once connected, is given what came while its sign-in was checked again.
 */
export async function attachStreamsAdapter(
  io: AnyServer,
  pub: RedisClient,
  redisPrefix: string,
  /** maxLen: the stream's length; held: how many of its entries this instance keeps (all, unless told). */
  { maxLen = STREAM_MAX_LEN, held = maxLen }: { maxLen?: number; held?: number } = {},
) {
  const streamName = `${redisPrefix}io`;
  const sessionKeyPrefix = `${redisPrefix}io:session:`;
  const recent = new RecentStreamEntries(held);
  let newest: string | null = null;
  let historyAsked = false;
  const packetOf = (e: { id: string; json: string }) => [...(JSON.parse(e.json) as { packet: { data: unknown[] } }).packet.data, e.id];

  /** The history before the first entry read live, so that sockets older than this instance recover too. */
  async function loadHistory(firstLive: string): Promise<void> {
    const older = await pub.xRevRange(streamName, `(${firstLive}`, '-', { COUNT: held });
    recent.prepend((older ?? []).reverse().map((e) => ({ id: e.id, broadcast: broadcastOf(e.message as RawMessage) })));
  }

  const adapterFor = createAdapter(pub, {
    streamName,
    maxLen,
    channelPrefix: `${redisPrefix}io`,
    sessionKeyPrefix,
    // Idle XREADs return this often; it bounds how long the reader lingers after close().
    blockTimeInMs: 1_000,
    onlyPlaintext: true,
  });

  const factory = function (nsp: { name: string }) {
    const adapter = (adapterFor as unknown as (n: unknown) => StreamsAdapter)(nsp);
    if (nsp.name !== '/') return adapter;
    const read = adapter.onRawMessage.bind(adapter);
    const restoreFromRedis = adapter.restoreSession.bind(adapter);
    adapter.onRawMessage = (message, offset) => {
      newest = offset;
      recent.append(offset, broadcastOf(message));
      if (!historyAsked) {
        historyAsked = true;
        // Until it is in, offsets before this entry go to Redis.
        loadHistory(offset).catch(() => undefined);
      }
      return read(message, offset);
    };
    adapter.restoreSession = async (pid, offset) => {
      if (typeof offset !== 'string') return restoreFromRedis(pid, offset);
      if (!recent.holds(offset) && recent.size > 0) await recent.reached(offset, READER_WAIT_MS);
      if (!recent.holds(offset)) {
        const session = await restoreFromRedis(pid, offset);
        const lastReplayed = session.missedPackets.at(-1)?.at(-1);
        markReplayed(session, typeof lastReplayed === 'string' ? lastReplayed : offset);
        return session;
      }
      const raw = await pub.getDel(sessionKeyPrefix + pid);
      if (!raw) throw new Error('session not found');
      const session = decode(Buffer.from(raw, 'base64')) as Session;
      // Looked up after the session's round trip, so entries read meanwhile are included.
      const missed = recent.missedSince(offset, session.rooms);
      // Not held any more (thousands of entries in one round trip) or never in the stream: the client
      // starts a new session and refetches, as past the recovery window.
      if (missed.kind !== 'held') throw new Error(`offset ${missed.kind}`);
      session.missedPackets = missed.entries.map(packetOf);
      markReplayed(session, newest ?? undefined);
      return session;
    };
    return adapter;
  };

  /** Gives a restored socket what came for its rooms after its replay; nothing more can slip in here. */
  function catchUp(socket: AnySocket): void {
    const data = socket.data as Record<symbol, string> | undefined;
    const upTo = data?.[REPLAYED_UP_TO];
    if (!upTo) return;
    delete data[REPLAYED_UP_TO];
    const gap = recent.missedSince(upTo, [...socket.rooms]);
    if (gap.kind !== 'held') return; // the client refetches after every reconnection
    for (const entry of gap.entries) {
      const [event, ...args] = packetOf(entry) as [string, ...unknown[]];
      socket.emit(event, ...args);
    }
  }

  io.adapter(factory as unknown as AdapterFactory);
  const atStart = (await pub.xRevRange(streamName, '+', '-', { COUNT: 1 }))?.[0]?.id ?? null;
  /** Where a new socket starts: the newest entry read, else the newest at start. */
  const position = () => newest ?? atStart;
  // An empty stream has no position to recover from: one entry, for a room nobody joins, gives it one.
  if (!position()) io.to('realtime:seed').emit('realtime:checkpoint', '');
  io.on('connection', (socket: AnySocket) => {
    if (socket.recovered) return catchUp(socket);
    const offset = position();
    if (offset) socket.emit('realtime:checkpoint', offset);
  });

  return {
    /** The newest entry this instance has read (null before the first). */
    newest: () => newest,
    /** The oldest entry held in memory: sessions from before it are restored through Redis. */
    oldestHeld: () => recent.oldest,
  };
}
