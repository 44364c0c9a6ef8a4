import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  it('when it is the only instance, then it sandboxes, locks down, serves app:// and opens one window', async () => {
    const fake = await startMain();
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
    expect(fake.app.enableSandbox).toHaveBeenCalled();
    expect(fake.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('buildboard', ...(process.defaultApp ? [expect.any(String), expect.any(Array)] : []));
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(fake.session.defaultSession.setPermissionCheckHandler).toHaveBeenCalled();
    expect(fake.session.defaultSession.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
    expect(fake.windows).toHaveLength(1);
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('app://buildboard/');
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalledOnce();
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

  it('when the app protocol forwards the API, then it uses the session fetch (its cookie jar)', async () => {
    vi.stubEnv('BUILDBOARD_URL', 'https://buildboard.example');
    const fake = await startMain();
    const handler = fake.session.defaultSession.protocol.handle.mock.calls[0]![1];
    // No server saved yet (a fresh user data folder), so the API is not reachable: 503, nothing fetched.
    const res = await handler(new Request('app://buildboard/api/auth/user'));
    expect(res.status).toBe(503);
    expect(fake.session.defaultSession.fetch).not.toHaveBeenCalled();
  });

  it('when the page sets the server, then only on first run; later only the menu can change it', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'buildboard-user-data-'));
    try {
      const fake = await startMain((f) => f.app.getPath.mockReturnValue(userData));
      const win = fake.windows[0]!;
      const handler = fake.ipcMain.handlers.get(DESKTOP_CHANNELS.setServerUrl)!;
      const event = { sender: win.webContents, senderFrame: { url: 'app://buildboard/', parent: null } };
      await handler(event, 'https://buildboard.example');
      expect(JSON.parse(await readFile(join(userData, 'settings.json'), 'utf8'))).toEqual({ serverUrl: 'https://buildboard.example' });
      await expect(Promise.resolve().then(() => handler(event, 'https://evil.example'))).rejects.toThrow(/already set/);

      // File > Change Server... forgets it and reloads on the first-run screen; then the page may set it again.
      const template = fake.Menu.buildFromTemplate.mock.calls[0]![0] as { label?: string; submenu?: { label?: string; click?: () => void }[] }[];
      template.find((m) => m.label === 'File')!.submenu!.find((i) => i.label === 'Change Server...')!.click!();
      await vi.waitFor(() => expect(win.loadURL).toHaveBeenCalledTimes(3)); // start, after the first set, after the menu
      await handler(event, 'https://other.example');
    } finally {
      await rm(userData, { recursive: true, force: true });
    }
  });

  it('when started with a deep link, then the window opens on that project', async () => {
    const argv = process.argv;
    process.argv = [...argv, 'buildboard://project/42'];
    try {
      const fake = await startMain();
      expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('app://buildboard/project/42');
    } finally {
      process.argv = argv;
    }
  });

  it('when a second instance brings a deep link, then the running window navigates to it', async () => {
    const fake = await startMain();
    fake.app.emit('second-instance', {}, ['electron', 'buildboard://project/7']);
    expect(fake.windows).toHaveLength(1);
    expect(fake.windows[0]?.focus).toHaveBeenCalled();
    expect(fake.windows[0]?.webContents.send).toHaveBeenCalledWith('desktop:navigate', '/project/7');
  });

  it('when macOS opens a deep link, then the window navigates to it; other links are ignored', async () => {
    const fake = await startMain();
    const event = { preventDefault: vi.fn() };
    fake.app.emit('open-url', event, 'buildboard://project/9');
    fake.app.emit('open-url', event, 'buildboard://admin');
    expect(event.preventDefault).toHaveBeenCalledTimes(2);
    expect(fake.windows[0]?.webContents.send).toHaveBeenCalledExactlyOnceWith('desktop:navigate', '/project/9');
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
