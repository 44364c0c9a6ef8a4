import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesktopApi, PickFilesOptions } from '@shared/desktop/desktop-api';
import { createDesktopPlatform, getDesktopBridge } from './desktop';

function fakeBridge() {
  return {
    getInfo: vi.fn(async () => ({ platform: 'linux', version: '1.0.0' })),
    openExternal: vi.fn(async (_url: string) => {}),
    notify: vi.fn(async (_input: { title: string; body: string }) => {}),
    pickFiles: vi.fn(async (_options?: PickFilesOptions) => [
      { name: 'index.html', type: 'text/html', data: new TextEncoder().encode('<p>hi</p>') },
    ]),
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
    expect(bridge.openExternal).toHaveBeenCalledWith('https://github.com');
    expect(bridge.notify).toHaveBeenCalledWith({ title: 'New star', body: 'Ada starred your project' });
  });

  it('when files are picked, then they come back as File objects', async () => {
    const bridge = fakeBridge();
    const [file] = await createDesktopPlatform(bridge).pickFiles({ accept: ['html'], multiple: true });
    expect(bridge.pickFiles).toHaveBeenCalledWith({ accept: ['html'], multiple: true });
    expect(file).toBeInstanceOf(File);
    expect(file?.name).toBe('index.html');
    expect(file?.type).toBe('text/html');
    expect(await file?.text()).toBe('<p>hi</p>');
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
