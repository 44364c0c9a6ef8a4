/**
 * The Socket.IO stream entries an instance has read, indexed by room, so that a socket recovering its
 * session is given what it missed without re-reading the stream from Redis. Entries come in stream order;
 * the oldest go once `capacity` (the stream's own length) is passed.
 */

/** A broadcast as the streams adapter writes it: where it goes, and its packet as JSON. */
export type StreamBroadcast = { rooms: readonly string[]; except: readonly string[]; json: string };

type Entry = {
  id: string;
  ms: number;
  seq: number;
  /** Null for entries that are not broadcasts (heartbeats, joins): kept so their ids are known. */
  broadcast: StreamBroadcast | null;
};

export type MissedEntries =
  /** Held: the broadcasts after the offset that the rooms should get, oldest first. */
  | { kind: 'held'; entries: { id: string; json: string }[] }
  /** Older than the oldest entry held, newer than the newest, or not read yet: ask Redis. */
  | { kind: 'not-held' }
  /** Within what is held but no such entry: the offset was never in the stream. */
  | { kind: 'unknown-offset' };

/**
 * At most this many restores wait for the reader at once. The offset comes from the client before it is
 * signed in: a flood of made-up future offsets must not grow the list every entry read goes through.
 */
const MAX_WAITING = 1_000;

/** All rooms' broadcasts (no room named) are listed under this key. */
const EVERYONE = '';

function parseId(id: string): { ms: number; seq: number } | null {
  const m = /^(\d+)-(\d+)$/.exec(id);
  return m ? { ms: Number(m[1]), seq: Number(m[2]) } : null;
}

function before(a: { ms: number; seq: number }, b: { ms: number; seq: number }): boolean {
  return a.ms < b.ms || (a.ms === b.ms && a.seq < b.seq);
}

/** The index of the first entry of `list` (from `from`) after `at`. */
function firstAfter(list: readonly Entry[], from: number, at: { ms: number; seq: number }): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(at, list[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export class RecentStreamEntries {
  /** Oldest first; entries before `head` have been let go (the array is compacted now and then). */
  private entries: Entry[] = [];
  private head = 0;
  private readonly byRoom = new Map<string, Entry[]>();
  /** The newest entry that could not be read: offsets before it are not answered from memory. */
  private unreadable: { ms: number; seq: number } | null = null;
  /** Restores waiting for the reader to reach their offset (see reached()). */
  private waiting: { at: { ms: number; seq: number }; done: (reached: boolean) => void }[] = [];

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.length - this.head;
  }

  /** The oldest entry held, if any. */
  get oldest(): string | undefined {
    return this.entries[this.head]?.id;
  }

  /** An entry read from the stream, after every one given before. Returns false if out of order (ignored). */
  append(id: string, broadcast: StreamBroadcast | null | 'unreadable'): boolean {
    const at = parseId(id);
    const newest = this.entries[this.entries.length - 1];
    if (!at || (newest && !before(newest, at))) return false;
    const entry: Entry = { id, ...at, broadcast: broadcast === 'unreadable' ? null : broadcast };
    if (broadcast === 'unreadable') this.unreadable = at;
    this.entries.push(entry);
    if (entry.broadcast) for (const room of roomsOf(entry.broadcast)) listFor(this.byRoom, room).push(entry);
    if (this.size > this.capacity) this.evictOldest();
    if (this.waiting.length) {
      for (const w of this.waiting.filter((w) => !before(at, w.at))) w.done(true);
      this.waiting = this.waiting.filter((w) => before(at, w.at));
    }
    return true;
  }

  /**
   * Resolves true once an entry at or after `offset` has been read, false after `timeoutMs`. A socket
   * can know an entry its new instance has not read yet (the old instance read it first): waiting
   * briefly lets the restore come from memory rather than from Redis, whose answer would also hold
   * entries the reader then delivers again.
   */
  reached(offset: string, timeoutMs: number): Promise<boolean> {
    const at = parseId(offset);
    const newest = this.entries[this.entries.length - 1];
    if (!at) return Promise.resolve(false);
    if (newest && !before(newest, at)) return Promise.resolve(true);
    if (this.waiting.length >= MAX_WAITING) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter = {
        at,
        done: (reached: boolean) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((w) => w !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiting.push(waiter);
    });
  }

  /**
   * Entries from before the first one appended (the stream's history, read once at start), oldest first
   * and directly followed by the oldest held. As many as fit are kept, the newest of them.
   */
  prepend(history: { id: string; broadcast: StreamBroadcast | null | 'unreadable' }[]): void {
    const oldest = this.entries[this.head];
    const room = Math.max(0, this.capacity - this.size);
    const kept: Entry[] = [];
    for (const h of history.slice(Math.max(0, history.length - room))) {
      const at = parseId(h.id);
      if (!at || (oldest && !before(at, oldest)) || (kept.length && !before(kept[kept.length - 1]!, at))) continue;
      if (h.broadcast === 'unreadable' && (!this.unreadable || before(this.unreadable, at))) this.unreadable = at;
      kept.push({ id: h.id, ...at, broadcast: h.broadcast === 'unreadable' ? null : h.broadcast });
    }
    if (!kept.length) return;
    const earlier = new Map<string, Entry[]>();
    for (const entry of kept) if (entry.broadcast) for (const r of roomsOf(entry.broadcast)) listFor(earlier, r).push(entry);
    for (const [r, list] of earlier) this.byRoom.set(r, [...list, ...(this.byRoom.get(r) ?? [])]);
    this.entries = [...kept, ...this.entries.slice(this.head)];
    this.head = 0;
  }

  /** Whether the offset is within what is held (an entry or not), so missedSince can answer for it. */
  holds(offset: string): boolean {
    const at = parseId(offset);
    const oldest = this.entries[this.head];
    const newest = this.entries[this.entries.length - 1];
    if (!at || !oldest || !newest || before(at, oldest) || before(newest, at)) return false;
    return !this.unreadable || !before(at, this.unreadable);
  }

  /** What a session in these rooms missed after `offset` (the last entry its socket got). */
  missedSince(offset: string, rooms: readonly string[]): MissedEntries {
    const at = parseId(offset);
    if (!at || !this.holds(offset)) return { kind: 'not-held' };
    const exact = firstAfter(this.entries, this.head, at) - 1;
    if (exact < this.head || this.entries[exact]!.id !== offset) return { kind: 'unknown-offset' };

    const found = new Set<Entry>();
    for (const room of [EVERYONE, ...rooms]) {
      const list = this.byRoom.get(room);
      if (!list) continue;
      for (let i = firstAfter(list, 0, at); i < list.length; i++) found.add(list[i]!);
    }
    const entries = [...found]
      .filter((e) => !rooms.some((r) => e.broadcast!.except.includes(r)))
      .sort((a, b) => (before(a, b) ? -1 : 1))
      .map((e) => ({ id: e.id, json: e.broadcast!.json }));
    return { kind: 'held', entries };
  }

  private evictOldest(): void {
    const gone = this.entries[this.head]!;
    this.entries[this.head] = undefined as unknown as Entry;
    this.head++;
    if (gone.broadcast) {
      for (const room of roomsOf(gone.broadcast)) {
        const list = this.byRoom.get(room);
        list?.shift(); // the oldest entry is the first of each of its rooms' lists
        if (list && !list.length) this.byRoom.delete(room);
      }
    }
    if (this.head >= this.capacity) {
      this.entries = this.entries.slice(this.head);
      this.head = 0;
    }
  }
}

function roomsOf(b: StreamBroadcast): readonly string[] {
  return b.rooms.length ? b.rooms : [EVERYONE];
}

function listFor(map: Map<string, Entry[]>, room: string): Entry[] {
  let list = map.get(room);
  if (!list) map.set(room, (list = []));
  return list;
}
