import { describe, expect, it } from 'vitest';
import { RecentStreamEntries, type StreamBroadcast } from './recent-stream-entries';

const to = (rooms: string[], text: string, except: string[] = []): StreamBroadcast => ({ rooms, except, json: JSON.stringify({ text }) });
const texts = (r: ReturnType<RecentStreamEntries['missedSince']>) =>
  r.kind === 'held' ? r.entries.map((e) => `${e.id} ${(JSON.parse(e.json) as { text: string }).text}`) : r.kind;

describe('the stream entries an instance has read', () => {
  it('when a session comes back, then it gets the broadcasts after its offset to its rooms or to everyone, oldest first, each once', () => {
    const recent = new RecentStreamEntries(100);
    recent.append('100-0', to(['user:ada'], 'before'));
    recent.append('100-1', null); // a heartbeat: an offset, nothing to replay
    recent.append('101-0', to(['user:bob'], 'for bob'));
    recent.append('102-0', to(['user:ada', 'sid-1'], 'to both of her rooms'));
    recent.append('103-0', to([], 'to everyone'));
    recent.append('103-5', to(['user:ada'], 'not to this socket', ['sid-1']));
    recent.append('200-0', to(['user:ada'], 'last'));
    expect(texts(recent.missedSince('100-1', ['sid-1', 'user:ada']))).toEqual(['102-0 to both of her rooms', '103-0 to everyone', '200-0 last']);
    expect(texts(recent.missedSince('100-0', ['sid-2', 'user:ada']))).toEqual([
      '102-0 to both of her rooms',
      '103-0 to everyone',
      '103-5 not to this socket',
      '200-0 last',
    ]);
    expect(texts(recent.missedSince('200-0', ['user:ada']))).toEqual([]);
  });

  it('when the offset is outside what is held (older, newer, not read yet) or was never an entry, then it says so', () => {
    const recent = new RecentStreamEntries(100);
    expect(texts(recent.missedSince('1-0', ['r']))).toBe('not-held');
    recent.append('10-0', to(['r'], 'a'));
    recent.append('20-0', to(['r'], 'b'));
    expect(texts(recent.missedSince('9-9', ['r']))).toBe('not-held');
    expect(texts(recent.missedSince('20-1', ['r']))).toBe('not-held');
    expect(recent.holds('15-0')).toBe(true);
    expect(texts(recent.missedSince('15-0', ['r']))).toBe('unknown-offset');
    expect(texts(recent.missedSince('nonsense', ['r']))).toBe('not-held');
  });

  it('when more entries than the capacity arrive, then the oldest go, from every room, and their offsets go to Redis', () => {
    const recent = new RecentStreamEntries(3);
    for (let i = 1; i <= 8; i++) recent.append(`${i}-0`, to(i % 2 ? ['odd'] : ['even'], `n${i}`));
    expect(recent.size).toBe(3);
    expect(recent.oldest).toBe('6-0');
    expect(texts(recent.missedSince('5-0', ['odd']))).toBe('not-held');
    expect(texts(recent.missedSince('6-0', ['odd', 'even']))).toEqual(['7-0 n7', '8-0 n8']);
  });

  it('when entries come out of order, then they are ignored', () => {
    const recent = new RecentStreamEntries(10);
    expect(recent.append('5-0', to(['r'], 'a'))).toBe(true);
    expect(recent.append('5-0', to(['r'], 'again'))).toBe(false);
    expect(recent.append('4-9', to(['r'], 'older'))).toBe(false);
    expect(recent.size).toBe(1);
  });

  it('when the history before the first live entry is read, then older offsets are answered, up to the capacity', () => {
    const recent = new RecentStreamEntries(4);
    recent.append('50-0', to(['r'], 'live'));
    recent.prepend([
      { id: '10-0', broadcast: to(['r'], 'too old to fit') },
      { id: '20-0', broadcast: to(['r'], 'h20') },
      { id: '30-0', broadcast: null },
      { id: '40-0', broadcast: to(['other'], 'h40') },
    ]);
    expect(recent.oldest).toBe('20-0');
    expect(texts(recent.missedSince('20-0', ['r']))).toEqual(['50-0 live']);
    expect(texts(recent.missedSince('10-0', ['r']))).toBe('not-held');
    recent.append('60-0', to(['r'], 'next'));
    expect(recent.oldest).toBe('30-0');
    expect(texts(recent.missedSince('30-0', ['r', 'other']))).toEqual(['40-0 h40', '50-0 live', '60-0 next']);
  });

  it('when a socket knows an entry the instance has not read yet, then a restore can wait until it is read, or give up', async () => {
    const recent = new RecentStreamEntries(10);
    recent.append('1-0', to(['r'], 'a'));
    expect(await recent.reached('1-0', 1_000)).toBe(true);
    const waited = recent.reached('3-0', 1_000);
    recent.append('2-0', to(['r'], 'b'));
    recent.append('3-0', to(['r'], 'c'));
    recent.append('4-0', to(['r'], 'd'));
    expect(await waited).toBe(true);
    expect(texts(recent.missedSince('3-0', ['r']))).toEqual(['4-0 d']);
    const started = Date.now();
    expect(await recent.reached('9-0', 50)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('when a thousand restores already wait, then the next one does not (offsets come before sign-in)', async () => {
    const recent = new RecentStreamEntries(10);
    recent.append('1-0', null);
    const waiting = Array.from({ length: 1_000 }, () => recent.reached('9-0', 60_000));
    const started = Date.now();
    expect(await recent.reached('9-0', 60_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    recent.append('9-0', null);
    expect(await Promise.all(waiting)).toEqual(Array(1_000).fill(true));
  });

  it('when an entry could not be read, then no offset before it is answered from memory', () => {
    const recent = new RecentStreamEntries(10);
    recent.append('1-0', to(['r'], 'a'));
    recent.append('2-0', 'unreadable');
    recent.append('3-0', to(['r'], 'c'));
    expect(texts(recent.missedSince('1-0', ['r']))).toBe('not-held');
    expect(texts(recent.missedSince('2-0', ['r']))).toEqual(['3-0 c']);
  });
});
