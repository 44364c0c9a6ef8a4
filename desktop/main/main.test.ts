import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS } from '../../shared/desktop/desktop-api';
import { FakeWebContents, type FakeElectron } from '../test/fake-electron';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

/**
 * Runs main.ts afresh (it starts the app on import). The fake electron outlives resetModules,
 * so its state from earlier tests is cleared first.
 */
async function startMain(setup: (fake: FakeElectron) => void = () => {}): Promise<FakeElectron> {
  vi.resetModules();
  const fake = (await import('electron')) as unknown as FakeElectron;
  fake.windows.length = 0;
  fake.ipcMain.handlers.clear();
  fake.app.removeAllListeners();
  setup(fake);
  await import('./main');
  await new Promise((resolve) => setTimeout(resolve)); // let whenReady().then run
  return fake;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.unstubAllEnvs();
});

describe('main', () => {
  it('when it is the only instance, then it sandboxes, locks down and opens one window', async () => {
    vi.stubEnv('BUILDBOARD_URL', 'https://buildboard.example');
    const fake = await startMain();
    expect(fake.app.enableSandbox).toHaveBeenCalled();
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(fake.session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled();
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
    expect(fake.windows).toHaveLength(1);
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('https://buildboard.example/');
    expect(fake.windows[0]?.options.webPreferences).toMatchObject({
      preload: expect.stringMatching(/preload[\\/]preload\.js$/),
    });
  });

  it('when another instance runs, then it quits without a window', async () => {
    const fake = await startMain((f) => f.app.requestSingleInstanceLock.mockReturnValueOnce(false));
    expect(fake.app.quit).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
    expect(fake.ipcMain.handlers.size).toBe(0);
  });

  it('when BUILDBOARD_URL is not http(s), then it reports and exits', async () => {
    vi.stubEnv('BUILDBOARD_URL', 'file:///etc/passwd');
    const fake = await startMain();
    expect(fake.dialog.showErrorBox).toHaveBeenCalled();
    expect(fake.app.exit).toHaveBeenCalledWith(1);
    expect(fake.windows).toHaveLength(0);
  });

  it('when a second instance starts, then the existing window is restored and focused', async () => {
    const fake = await startMain();
    fake.windows[0]!.minimized = true;
    fake.app.emit('second-instance');
    expect(fake.windows[0]?.restore).toHaveBeenCalled();
    expect(fake.windows[0]?.focus).toHaveBeenCalled();
  });

  it('when any web contents is created, then it is hardened', async () => {
    const fake = await startMain();
    const contents = new FakeWebContents();
    fake.app.emit('web-contents-created', {}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
    expect(contents.listenerCount('will-navigate')).toBe(1);
  });

  it('when the dock icon is clicked with no window, then a window opens again', async () => {
    const fake = await startMain();
    fake.windows[0]!.destroyed = true;
    fake.app.emit('activate');
    expect(fake.windows).toHaveLength(2);
  });
});
