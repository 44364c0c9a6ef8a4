import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page as afterPageSettled sees it: a loaded document, visible, online, without requestIdleCallback
// (the timer fallback), whose first screen the router marks as shown.
let win: EventTarget;
let doc: EventTarget & { readyState: string; visibilityState: string };
const network = { onLine: true };

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  win = new EventTarget();
  doc = Object.assign(new EventTarget(), { readyState: 'complete', visibilityState: 'visible' });
  network.onLine = true;
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', network);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function page() {
  const m = await import('./after-first-paint');
  const task = vi.fn();
  m.afterPageSettled(task);
  return { ...m, task };
}

describe('afterPageSettled (the local store starts)', () => {
  it('when the page stays online and visible, then the task runs SETTLED_DELAY_MS after the first screen, not before', async () => {
    const { markFirstScreenShown, SETTLED_DELAY_MS, task } = await page();
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(SETTLED_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    // Plus the idle moments before and after the wait (a 1 ms timer each here).
    await vi.advanceTimersByTimeAsync(5);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('when the network goes before then, then the task runs at once, and once', async () => {
    const { markFirstScreenShown, task } = await page();
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(100);
    network.onLine = false;
    win.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('when the page is hidden before then, then the task runs at once', async () => {
    const { task } = await page();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('when a screen opens the local store before then, then the task runs at once, and once', async () => {
    const { markFirstScreenShown, markPageSettled, task } = await page();
    markFirstScreenShown();
    markPageSettled();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    markPageSettled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('when the page starts offline, then the task runs at once', async () => {
    network.onLine = false;
    const { task } = await page();
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('when cancelled before the page settled, then the task never runs', async () => {
    const m = await import('./after-first-paint');
    const task = vi.fn();
    const cancel = m.afterPageSettled(task);
    m.markFirstScreenShown();
    cancel();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).not.toHaveBeenCalled();
  });
});
