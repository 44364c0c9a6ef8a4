import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const pageEvent = (type: string, persisted?: boolean) => Object.assign(new Event(type), persisted === undefined ? {} : { persisted });

describe("the 'unload' package's API on pagehide", () => {
  const win = new EventTarget();
  const listen = vi.spyOn(win, 'addEventListener');
  beforeAll(() => void vi.stubGlobal('window', win));
  afterAll(() => vi.unstubAllGlobals());

  it('when the page really goes away, then each listener runs once; a page kept in the back/forward cache runs none; no unload listener is added', async () => {
    const { add, getSize } = await import('./page-unload');
    const ran: string[] = [];
    add(() => ran.push('leader'));
    const removed = add(() => ran.push('removed'));
    removed.remove();
    expect(getSize()).toBe(1);
    win.dispatchEvent(pageEvent('pagehide', true));
    expect(ran).toEqual([]);
    win.dispatchEvent(pageEvent('pagehide', false));
    win.dispatchEvent(pageEvent('beforeunload'));
    expect(ran).toEqual(['leader']);
    expect(getSize()).toBe(0);
    const types = listen.mock.calls.map(([type]) => type);
    expect(types).not.toContain('unload');
    expect(types).toEqual(expect.arrayContaining(['pagehide', 'beforeunload']));
  });
});
