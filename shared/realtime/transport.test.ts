import { describe, expect, it } from 'vitest';
import { jitteredDelay, RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_MS, socketOptions } from './transport';

describe('realtime transport', () => {
  it('when a client opens its socket, then it tries WebSocket first and falls back to long-polling', () => {
    expect(socketOptions.transports).toEqual(['websocket', 'polling']);
    expect(socketOptions.tryAllTransports).toBe(true);
    expect(socketOptions.reconnection).toBe(true);
  });

  it('when clients reconnect, then each waits the base delay x 0.5 to 1.5, doubling per attempt up to the max', () => {
    expect(jitteredDelay(0, () => 0)).toBe(RECONNECT_DELAY_MS / 2);
    expect(jitteredDelay(0, () => 0.999999)).toBe(Math.round(RECONNECT_DELAY_MS * 1.5));
    expect(jitteredDelay(1, () => 0.5)).toBe(RECONNECT_DELAY_MS * 2);
    expect(jitteredDelay(20, () => 0.5)).toBe(RECONNECT_DELAY_MAX_MS);
    // 10,000 clients spread over the whole window instead of one burst.
    const delays = Array.from({ length: 10_000 }, () => jitteredDelay(0));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(RECONNECT_DELAY_MS / 2);
    expect(Math.max(...delays)).toBeLessThanOrEqual(RECONNECT_DELAY_MS * 1.5);
    expect(new Set(delays.map((d) => Math.min(9, Math.floor((d - RECONNECT_DELAY_MS / 2) / 100)))).size).toBe(10);
  });
});
