import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './after-first-paint';

let browser: EventTarget;
const network = { onLine: false };

beforeEach(() => {
  vi.useFakeTimers();
  browser = new EventTarget();
  network.onLine = false;
  vi.stubGlobal('window', browser);
  vi.stubGlobal('navigator', network);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const comeOnline = () => {
  network.onLine = true;
  browser.dispatchEvent(new Event('online'));
};

/** A chunk whose first `failures` fetches fail. */
function chunk(failures: number) {
  let calls = 0;
  const load = vi.fn(() => (++calls <= failures ? Promise.reject(new Error('net::ERR_INTERNET_DISCONNECTED')) : Promise.resolve('part')));
  return load;
}

describe('loadWhenOnline (a chunk that could not load)', () => {
  it('when the online event comes before requests get through, then the chunk is fetched again after a growing wait until it comes, and handed over once', async () => {
    const load = chunk(3);
    const loaded = vi.fn();
    loadWhenOnline(load, loaded);
    expect(load).not.toHaveBeenCalled();

    comeOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(3);
    expect(loaded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(loaded).toHaveBeenCalledWith('part');

    // Loaded: later online events and waits fetch nothing more.
    comeOnline();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(4);
    expect(loaded).toHaveBeenCalledTimes(1);
  });

  it('when the failure is known only after the network came back (its online event has passed), then the chunk is fetched again after the first wait', async () => {
    const load = chunk(0);
    const loaded = vi.fn();
    network.onLine = true;
    loadWhenOnline(load, loaded);
    await vi.advanceTimersByTimeAsync(499);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(loaded).toHaveBeenCalledWith('part');
  });

  it('when a try fails because the network went again, then nothing is fetched until it is back', async () => {
    const load = chunk(1);
    const loaded = vi.fn();
    const retry = loadWhenOnline(load, loaded);
    comeOnline();
    network.onLine = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);

    comeOnline();
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(2);
    expect(loaded).toHaveBeenCalledTimes(1);
    retry();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when asked to try while a try is under way, then only one fetch is made', async () => {
    let finish!: (part: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const loaded = vi.fn();
    const retry = loadWhenOnline(load, loaded);
    network.onLine = true;
    retry();
    retry();
    browser.dispatchEvent(new Event('online'));
    expect(load).toHaveBeenCalledTimes(1);
    finish('part');
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).toHaveBeenCalledWith('part');
  });

  it('when the signal is aborted (the screen that wanted the part has gone), then no more tries are made and a result still to come is dropped', async () => {
    let finish!: (part: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const loaded = vi.fn();
    const gone = new AbortController();
    const retry = loadWhenOnline(load, loaded, gone.signal);
    network.onLine = true;
    retry();
    gone.abort();
    finish('part');
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).not.toHaveBeenCalled();

    comeOnline();
    retry();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
