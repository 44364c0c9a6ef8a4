import * as electron from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeElectron } from '../test/fake-electron';
import { createMainWindow } from './window';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;

beforeEach(() => {
  vi.clearAllMocks();
  fake.windows.length = 0;
});

describe('createMainWindow', () => {
  const open = () =>
    createMainWindow({ preloadPath: '/app/preload/preload.js' });

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
      navigateOnDragDrop: false,
      preload: '/app/preload/preload.js',
    });
  });

  it('when created, then it loads the bundled UI from app:// and shows once ready', () => {
    open();
    const win = fake.windows[0]!;
    expect(win.loadURL).toHaveBeenCalledWith('app://buildboard/');
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledOnce();
  });

  it('when given a start path (a deep link), then it loads that route', () => {
    createMainWindow({ preloadPath: '/p.js', initialPath: '/project/12' });
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('app://buildboard/project/12');
  });

  it('when the page cannot load, then the window is shown anyway', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fake.BrowserWindow.loadResult.mockRejectedValueOnce(new Error('ERR_CONNECTION_REFUSED'));
    open();
    await vi.waitFor(() => expect(fake.windows[0]?.show).toHaveBeenCalledOnce());
  });
});
