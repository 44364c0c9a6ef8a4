import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesktopApi, PickProjectFilesOptions } from '@shared/desktop/desktop-api';
import { createDesktopPlatform, getDesktopBridge } from './desktop';
import { SameOriginPolling } from './same-origin-polling';

function fakeBridge() {
  return {
    openExternal: vi.fn(async (_url: string) => {}),
    notify: vi.fn(async (_input: { title: string; body: string; target?: string }) => {}),
    setBadgeCount: vi.fn(async (_count: number) => {}),
    pickProjectFiles: vi.fn(async (_options: PickProjectFilesOptions) => [
      { path: 'css/app.css', size: 6, type: 'text/css', data: new TextEncoder().encode('body{}') },
      { path: 'big.png', size: 6_000_000, type: 'image/png', data: null },
    ]),
    getServerSettings: vi.fn(async () => ({ serverUrl: null, defaultUrl: 'https://buildboard.example' })),
    setServerUrl: vi.fn(async (_url: string) => {}),
    onNavigate: vi.fn((_listener: (path: string) => void) => () => {}),
    linkFolder: vi.fn(async () => ({ linkId: 'a'.repeat(32), name: 'site' })),
    scanLinkedFolder: vi.fn(async (_linkId: string) => ({ files: [{ path: 'index.html', size: 4, hash: 'h' }], skipped: [] })),
    readLinkedFiles: vi.fn(async (_linkId: string, _paths: string[]) => [
      { path: 'js/app.js', size: 2, type: 'text/javascript', data: new TextEncoder().encode('1;') },
    ]),
    watchLinkedFolder: vi.fn(async (_linkId: string) => {}),
    unlinkFolder: vi.fn(async (_linkId: string) => {}),
    onFolderChanged: vi.fn((_listener: (linkId: string) => void) => () => {}),
  } satisfies DesktopApi;
}

afterEach(() => vi.unstubAllGlobals());

describe('desktop platform', () => {
  it('when asked to open a link or notify, then it forwards to the bridge', async () => {
    const bridge = fakeBridge();
    const platform = createDesktopPlatform(bridge);
    expect(platform.isDesktop).toBe(true);
    await platform.openExternal('https://github.com');
    await platform.notify('New star', 'Ada starred your project');
    await platform.notify('New comment', 'Ada replied', '/project/3');
    await platform.setBadgeCount(2);
    expect(bridge.openExternal).toHaveBeenCalledWith('https://github.com');
    expect(bridge.notify).toHaveBeenCalledWith({ title: 'New star', body: 'Ada starred your project' });
    expect(bridge.notify).toHaveBeenCalledWith({ title: 'New comment', body: 'Ada replied', target: '/project/3' });
    expect(bridge.setBadgeCount).toHaveBeenCalledWith(2);
    await expect(platform.loadSocketTransports()).resolves.toEqual([SameOriginPolling]);
  });

  it('when the server setting is read or saved, then it goes through the bridge', async () => {
    const bridge = fakeBridge();
    const { serverSettings } = createDesktopPlatform(bridge);
    await expect(serverSettings?.get()).resolves.toEqual({ serverUrl: null, defaultUrl: 'https://buildboard.example' });
    await serverSettings?.set('https://buildboard.dev');
    expect(bridge.setServerUrl).toHaveBeenCalledWith('https://buildboard.dev');
  });

  it('when project files are picked, then they come back as Files with their paths; unread ones without', async () => {
    const bridge = fakeBridge();
    const [css, big] = await createDesktopPlatform(bridge).pickProjectFiles!('folder');
    expect(bridge.pickProjectFiles).toHaveBeenCalledWith({ kind: 'folder' });
    expect(css?.path).toBe('css/app.css');
    expect(css?.file).toBeInstanceOf(File);
    expect(css?.file?.name).toBe('app.css');
    expect(css?.file?.type).toBe('text/css');
    expect(await css?.file?.text()).toBe('body{}');
    expect(big).toEqual({ path: 'big.png', size: 6_000_000, file: null });
  });

  it('when the preload exposed window.desktop, then the bridge is found', () => {
    const bridge = fakeBridge();
    vi.stubGlobal('window', { desktop: bridge });
    expect(getDesktopBridge()).toBe(bridge);
  });

  it('when there is no window or no bridge, then there is no bridge', () => {
    expect(getDesktopBridge()).toBeUndefined();
    vi.stubGlobal('window', {});
    expect(getDesktopBridge()).toBeUndefined();
  });
});

describe('platform choice', () => {
  it('when running in the desktop app, then the desktop platform is chosen', async () => {
    vi.resetModules();
    vi.stubGlobal('window', { desktop: fakeBridge() });
    const { platform } = await import('./index');
    expect(platform.isDesktop).toBe(true);
  });

  it('when running in a browser, then the browser platform is chosen', async () => {
    vi.resetModules();
    vi.stubGlobal('window', {});
    const { platform } = await import('./index');
    expect(platform.isDesktop).toBe(false);
  });
});

describe('SameOriginPolling', () => {
  it('when engine.io asks for the polling URL, then it is relative to the page (app://buildboard)', () => {
    const transport = new SameOriginPolling({
      hostname: 'buildboard',
      secure: false,
      port: '80',
      path: '/socket.io/',
      query: { EIO: '4', transport: 'polling' },
      timestampRequests: false,
      timestampParam: 't',
      socket: { binaryType: 'arraybuffer' },
    } as never);
    const uri = (transport as unknown as { uri(): string }).uri();
    expect(uri).toMatch(/^\/socket\.io\/\?EIO=4&transport=polling/);
  });
});

describe('desktop platform: linked folders', () => {
  it('when a linked folder is read, then its files come as Files named after their path, kept relative', async () => {
    const bridge = fakeBridge();
    const links = createDesktopPlatform(bridge).folderLinks!;
    expect(await links.link()).toEqual({ linkId: 'a'.repeat(32), name: 'site' });
    const [file] = await links.read('a'.repeat(32), ['js/app.js']);
    expect(bridge.readLinkedFiles).toHaveBeenCalledWith('a'.repeat(32), ['js/app.js']);
    expect(file!.path).toBe('js/app.js');
    expect(file!.file!.name).toBe('app.js');
    expect(await file!.file!.text()).toBe('1;');
    await links.watch('a'.repeat(32));
    expect(bridge.watchLinkedFolder).toHaveBeenCalledWith('a'.repeat(32));
  });
});
