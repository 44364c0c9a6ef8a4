import { readFile } from 'node:fs/promises';
import * as electron from 'electron';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS, DESKTOP_FOLDER_CHANGED_EVENT, DESKTOP_NAVIGATE_EVENT, type DesktopApi } from '../../shared/desktop/desktop-api';
import type { FakeElectron } from '../test/fake-electron';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
let api: DesktopApi;

beforeAll(async () => {
  await import('./preload');
  api = fake.contextBridge.exposeInMainWorld.mock.calls[0]?.[1] as DesktopApi;
});

describe('preload', () => {
  it('when loaded, then it exposes exactly one key, desktop', () => {
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledOnce();
    expect(fake.contextBridge.exposeInMainWorld.mock.calls[0]?.[0]).toBe('desktop');
  });

  it('when loaded, then window.desktop holds only the bridge functions', () => {
    expect(Object.keys(api).sort()).toEqual([
      'getServerSettings',
      'linkFolder',
      'notify',
      'onFolderChanged',
      'onNavigate',
      'openExternal',
      'pickProjectFiles',
      'readLinkedFiles',
      'scanLinkedFolder',
      'setBadgeCount',
      'setServerUrl',
      'unlinkFolder',
      'watchLinkedFolder',
    ]);
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    // Nothing of ipcRenderer leaks through, not even as a property of a function.
    expect(Object.values(api)).not.toContain(fake.ipcRenderer.invoke);
  });

  it.each([
    ['openExternal', ['https://github.com'], ['https://github.com']],
    ['notify', [{ title: 'T', body: 'B' }], [{ title: 'T', body: 'B' }]],
    ['notify', [{ title: 'T', body: 'B', target: '/project/1' }], [{ title: 'T', body: 'B', target: '/project/1' }]],
    ['setBadgeCount', [3], [3]],
    ['pickProjectFiles', [{ kind: 'folder' }], [{ kind: 'folder' }]],
    ['getServerSettings', [], []],
    ['setServerUrl', ['https://buildboard.example'], ['https://buildboard.example']],
    ['linkFolder', [], []],
    ['scanLinkedFolder', ['a'.repeat(32)], ['a'.repeat(32)]],
    ['readLinkedFiles', ['a'.repeat(32), ['index.html']], ['a'.repeat(32), ['index.html']]],
    ['watchLinkedFolder', ['a'.repeat(32)], ['a'.repeat(32)]],
    ['unlinkFolder', ['a'.repeat(32)], ['a'.repeat(32)]],
  ] as const)('when %s is called, then it invokes its channel with its arguments only', async (method, args, sent) => {
    fake.ipcRenderer.invoke.mockClear();
    fake.ipcRenderer.invoke.mockResolvedValueOnce('answer');
    const call = api[method as keyof typeof DESKTOP_CHANNELS] as (...a: unknown[]) => Promise<unknown>;
    await expect(call(...args, 'smuggled')).resolves.toBe('answer');
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(DESKTOP_CHANNELS[method], ...sent);
  });

  it('when main asks to navigate, then the listener gets the path only, and can stop listening', () => {
    const listener = vi.fn();
    const stop = api.onNavigate(listener);
    const [channel, forward] = fake.ipcRenderer.on.mock.calls[0] as [string, (...a: unknown[]) => void];
    expect(channel).toBe(DESKTOP_NAVIGATE_EVENT);
    forward({ sender: 'ipc internals' }, '/project/3');
    forward({ sender: 'ipc internals' }, { not: 'a path' });
    expect(listener).toHaveBeenCalledExactlyOnceWith('/project/3');
    stop();
    expect(fake.ipcRenderer.removeListener).toHaveBeenCalledWith(DESKTOP_NAVIGATE_EVENT, forward);
  });

  it('when a watched folder changed, then the listener gets the link id only, and can stop listening', () => {
    fake.ipcRenderer.on.mockClear();
    const listener = vi.fn();
    const stop = api.onFolderChanged(listener);
    const [channel, forward] = fake.ipcRenderer.on.mock.calls[0] as [string, (...a: unknown[]) => void];
    expect(channel).toBe(DESKTOP_FOLDER_CHANGED_EVENT);
    forward({ sender: 'ipc internals' }, 'a'.repeat(32));
    forward({ sender: 'ipc internals' }, 42);
    expect(listener).toHaveBeenCalledExactlyOnceWith('a'.repeat(32));
    stop();
    expect(fake.ipcRenderer.removeListener).toHaveBeenCalledWith(DESKTOP_FOLDER_CHANGED_EVENT, forward);
  });

  it('when compiled, then it imports nothing at runtime but electron (a sandboxed preload cannot)', async () => {
    const source = await readFile(new URL('./preload.ts', import.meta.url), 'utf8');
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(runtimeImports).toEqual(['electron']);
  });
});
