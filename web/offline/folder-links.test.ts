// A linked folder belongs to the member who linked it: signing out (or another member signing in) wipes
// the local store, and the links go with it.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { folderLinkOf, saveFolderLink } from './folder-links';
import { wipeLocalStore } from './local-store';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('linked folders on a shared device', () => {
  it('when the local store is wiped at sign-out, then no linked folder is left for the next member', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    saveFolderLink('draft:d-1', { linkId: 'link-1', name: 'my-game', auto: false, taken: [], pending: false });
    expect(folderLinkOf('draft:d-1')?.name).toBe('my-game');
    expect(storage.length).toBe(1);

    await wipeLocalStore();

    expect(folderLinkOf('draft:d-1')).toBeNull();
    expect(storage.length).toBe(0);
  });
});
