import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

describe('SessionCache', () => {
  it('when a session is kept, then it is served until its TTL; a user drop takes all of theirs and no other', async () => {
    const cache = new SessionCache<string>({ redis: null, prefix: 't:', ttlMs: 50 });
    cache.store('s1', 'one', 'u1', cache.readStarted());
    cache.store('s2', 'two', 'u1', cache.readStarted());
    cache.store('s3', 'three', 'u2', cache.readStarted());
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual(['one', 'two', 'three']);
    await cache.drop({ userId: 'u1' });
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')]).toEqual([undefined, undefined, 'three']);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('s3')).toBeUndefined();
  });

  it('when a drop comes while a session is read from the store, then that read is not kept', async () => {
    const cache = new SessionCache<string>({ redis: null, prefix: 't:' });
    const started = cache.readStarted();
    await cache.drop({ sid: 's1' });
    cache.store('s1', 'read before the logout', 'u1', started);
    expect(cache.get('s1')).toBeUndefined();
    cache.store('s1', 'read after', 'u1', cache.readStarted());
    expect(cache.get('s1')).toBe('read after');
    cache.clearHere();
    expect(cache.size).toBe(0);
  });
});
