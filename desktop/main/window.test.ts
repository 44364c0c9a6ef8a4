import * as electron from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeElectron } from '../test/fake-electron';
import { DEFAULT_APP_URL, createMainWindow, resolveAppUrl } from './window';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;

beforeEach(() => {
  vi.clearAllMocks();
  fake.windows.length = 0;
});

describe('resolveAppUrl', () => {
  it('when BUILDBOARD_URL is unset or blank, then the local server is used', () => {
    expect(resolveAppUrl({}).href).toBe(`${DEFAULT_APP_URL}/`);
    expect(resolveAppUrl({ BUILDBOARD_URL: '  ' }).href).toBe('http://localhost:5000/');
  });

  it('when BUILDBOARD_URL is an https URL, then it is used', () => {
    expect(resolveAppUrl({ BUILDBOARD_URL: 'https://buildboard.dev' }).origin).toBe('https://buildboard.dev');
  });

  it.each(['file:///app/index.html', 'javascript:alert(1)', 'localhost:5000', 'nonsense'])(
    'when BUILDBOARD_URL is %s, then startup fails',
    (value) => {
      expect(() => resolveAppUrl({ BUILDBOARD_URL: value })).toThrow(/BUILDBOARD_URL/);
    },
  );
});

describe('createMainWindow', () => {
  const open = () =>
    createMainWindow({ appUrl: new URL('http://localhost:5000'), preloadPath: '/app/preload/preload.js' });

  it('when created, then the renderer is isolated, sandboxed and without node', () => {
    open();
    const prefs = fake.windows[0]?.options.webPreferences;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/preload/preload.js',
    });
  });

  it('when created, then it loads the app URL and shows once ready', () => {
    open();
    const win = fake.windows[0]!;
    expect(win.loadURL).toHaveBeenCalledWith('http://localhost:5000/');
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledOnce();
  });

  it('when the server cannot be reached, then the window is shown anyway', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.BrowserWindow.loadResult.mockRejectedValueOnce(new Error('ERR_CONNECTION_REFUSED'));
    open();
    await vi.waitFor(() => expect(fake.windows[0]?.show).toHaveBeenCalledOnce());
  });
});
