import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerUntilActive } from './service-worker';

const network = { onLine: true };
let browser: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  browser = new EventTarget();
  network.onLine = true;
  vi.stubGlobal('window', browser);
  vi.stubGlobal('navigator', network);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A worker that ends in `state` once the test lets it (its install's outcome). */
function installing(end: 'activated' | 'redundant') {
  const worker = Object.assign(new EventTarget(), { state: 'installing' as string });
  const finish = () => {
    worker.state = end;
    worker.dispatchEvent(new Event('statechange'));
  };
  return { registration: { installing: worker, waiting: null, active: null } as unknown as ServiceWorkerRegistration, finish };
}

describe('registerUntilActive (the service worker of a first visit)', () => {
  it('when the install fails because the network went, then it registers again once the network is back', async () => {
    const first = installing('redundant');
    const second = installing('activated');
    const register = vi.fn().mockResolvedValueOnce(first.registration).mockResolvedValueOnce(second.registration);
    registerUntilActive({ register } as unknown as ServiceWorkerContainer);
    await vi.advanceTimersByTimeAsync(0);
    network.onLine = false;
    first.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(register).toHaveBeenCalledTimes(1);

    network.onLine = true;
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(register).toHaveBeenCalledTimes(2);
    second.finish();
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('when installs keep failing while the browser is online, then it gives up after a few (each fetches the whole shell)', async () => {
    const register = vi.fn(() => Promise.resolve(installing('redundant')).then((w) => (setTimeout(w.finish, 10), w.registration)));
    registerUntilActive({ register } as unknown as ServiceWorkerContainer);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(register).toHaveBeenCalledTimes(3);
  });

  it('when registering is refused for another reason than the network, then it is not tried again', async () => {
    const register = vi.fn().mockRejectedValue(new DOMException('Workers are disabled', 'SecurityError'));
    registerUntilActive({ register } as unknown as ServiceWorkerContainer);
    browser.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
