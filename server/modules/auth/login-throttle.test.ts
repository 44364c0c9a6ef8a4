import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE_WINDOW_MS, memoryThrottleStore, throttleKey, throttleWaitMs } from './login-throttle';

describe('login throttle', () => {
  it('lets the free failures through, then makes each attempt wait a growing delay, capped at the window', () => {
    const now = 1_000_000;
    expect(throttleWaitMs(null, 10, now)).toBe(0);
    expect(throttleWaitMs({ failures: 9, lastFailureAt: now }, 10, now)).toBe(0);
    expect(throttleWaitMs({ failures: 10, lastFailureAt: now }, 10, now)).toBe(1000);
    expect(throttleWaitMs({ failures: 11, lastFailureAt: now }, 10, now)).toBe(2000);
    expect(throttleWaitMs({ failures: 14, lastFailureAt: now }, 10, now)).toBe(16_000);
    expect(throttleWaitMs({ failures: 60, lastFailureAt: now }, 10, now)).toBe(LOGIN_THROTTLE_WINDOW_MS);
    expect(throttleWaitMs({ failures: 11, lastFailureAt: now }, 10, now + 2000)).toBe(0);
  });

  it('keys an account together with the client address, case-insensitively', () => {
    expect(throttleKey(' Ada@Example.com ', '10.0.0.1')).toBe(throttleKey('ada@example.com', '10.0.0.1'));
    expect(throttleKey('ada@example.com', '10.0.0.1')).not.toBe(throttleKey('ada@example.com', '10.0.0.2'));
  });

  it('counts failures and forgets them on success', async () => {
    const store = memoryThrottleStore();
    await store.fail('k', Date.now());
    await store.fail('k', Date.now());
    expect((await store.get('k'))?.failures).toBe(2);
    await store.clear('k');
    expect(await store.get('k')).toBeNull();
  });
});
