import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as electron from 'electron';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN, DESKTOP_CHANNELS, type DesktopChannel } from '../../shared/desktop/desktop-api';
import type { FakeElectron } from '../test/fake-electron';
import { FolderLinkStore } from './folder-link/folder-link-store';
import { FolderLinks } from './folder-link/folder-links';
import { registerIpcHandlers, type IpcContext } from './ipc';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
const EVIL = 'https://evil.example';
let appWindow: InstanceType<FakeElectron['BrowserWindow']>;
const setServerUrl = vi.fn(async (_url: string) => {});
const showInWindow = vi.fn((_win: unknown, _target?: string) => {});
let ctx: IpcContext;

/** Calls a registered handler as ipcMain would, from a frame showing `frameUrl`. */
function invoke(
  channel: string,
  frame: { url: string; parent: unknown } | null,
  sender: unknown,
  ...args: unknown[]
): Promise<unknown> {
  const handler = fake.ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return Promise.resolve().then(() => handler({ sender, senderFrame: frame }, ...args));
}
const topFrame = (url = `${APP_ORIGIN}/my-projects`) => ({ url, parent: null });
const fromApp = (channel: string, ...args: unknown[]) => invoke(channel, topFrame(), appWindow.webContents, ...args);

let dispose: () => void;
beforeEach(() => {
  vi.clearAllMocks();
  fake.windows.length = 0;
  fake.Notification.instances.length = 0;
  appWindow = new fake.BrowserWindow({});
  ctx = {
    appOrigin: APP_ORIGIN,
    isAppContents: (contents) => contents === (appWindow.webContents as unknown),
    getServerSettings: () => ({ serverUrl: 'https://buildboard.example', defaultUrl: null }),
    setServerUrl,
    showInWindow,
    folderLinks: new FolderLinks(new FolderLinkStore(join(tmpdir(), 'bb-ipc-no-links', 'folder-links.json'))),
  };
  dispose = registerIpcHandlers(ctx);
  return () => dispose();
});

const VALID_ARGS: Record<DesktopChannel, unknown[]> = {
  [DESKTOP_CHANNELS.openExternal]: ['https://github.com'],
  [DESKTOP_CHANNELS.notify]: [{ title: 'Hi', body: 'there' }],
  [DESKTOP_CHANNELS.setBadgeCount]: [3],
  [DESKTOP_CHANNELS.pickProjectFiles]: [{ kind: 'files' }],
  [DESKTOP_CHANNELS.getServerSettings]: [],
  [DESKTOP_CHANNELS.setServerUrl]: ['https://buildboard.example'],
  [DESKTOP_CHANNELS.linkFolder]: [],
  [DESKTOP_CHANNELS.scanLinkedFolder]: ['a'.repeat(32)],
  [DESKTOP_CHANNELS.readLinkedFiles]: ['a'.repeat(32), ['index.html']],
  [DESKTOP_CHANNELS.watchLinkedFolder]: ['a'.repeat(32)],
  [DESKTOP_CHANNELS.unlinkFolder]: ['a'.repeat(32)],
};

/** Nothing a handler could do happened. */
function expectNoEffect() {
  expect(fake.shell.openExternal).not.toHaveBeenCalled();
  expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
  expect(fake.Notification.instances).toHaveLength(0);
  expect(fake.app.setBadgeCount).not.toHaveBeenCalled();
  expect(setServerUrl).not.toHaveBeenCalled();
}

describe('registration', () => {
  it('when registered, then there is one handler per bridge channel and nothing else', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
  });

  it('when disposed, then every handler is removed', () => {
    dispose();
    expect(fake.ipcMain.handlers.size).toBe(0);
    dispose = () => {};
  });
});

describe('sender validation', () => {
  const channels = Object.values(DESKTOP_CHANNELS);

  it.each(channels)('when %s comes from another origin or a dead frame, then it is rejected', async (channel) => {
    for (const frame of [topFrame(`${EVIL}/`), topFrame('http://localhost:5000/'), topFrame('file:///index.html'), null]) {
      await expect(invoke(channel, frame, appWindow.webContents, ...VALID_ARGS[channel])).rejects.toThrow(/untrusted sender/);
    }
    expectNoEffect();
  });

  it.each(channels)('when %s comes from a subframe (a hosted page or the preview origin), then it is rejected', async (channel) => {
    const hosted = { url: `${APP_ORIGIN}/hosted/1/index.html`, parent: topFrame() };
    const preview = { url: 'https://preview.example/1/', parent: topFrame() };
    await expect(invoke(channel, hosted, appWindow.webContents, ...VALID_ARGS[channel])).rejects.toThrow(/untrusted sender/);
    await expect(invoke(channel, preview, appWindow.webContents, ...VALID_ARGS[channel])).rejects.toThrow(/untrusted sender/);
    expectNoEffect();
  });

  it.each(channels)('when %s comes from another web contents (a popup), then it is rejected', async (channel) => {
    const popup = new fake.BrowserWindow({});
    await expect(invoke(channel, topFrame(), popup.webContents, ...VALID_ARGS[channel])).rejects.toThrow(/untrusted sender/);
    expectNoEffect();
  });

  it.each(channels)('when %s gets an extra argument, then it is rejected', async (channel) => {
    await expect(fromApp(channel, ...VALID_ARGS[channel], 'smuggled')).rejects.toThrow(TypeError);
    expectNoEffect();
  });
});

describe('openExternal', () => {
  it('when given an https URL, then it opens in the system browser', async () => {
    await fromApp(DESKTOP_CHANNELS.openExternal, 'https://github.com/buildboard');
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://github.com/buildboard');
  });

  it.each([
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://host/share',
    'ms-settings:',
    '/relative/path',
    `https://example.com/${'a'.repeat(3000)}`,
    42,
    null,
    { url: 'https://github.com' },
  ])('when given %s, then it is rejected and nothing opens', async (url) => {
    await expect(fromApp(DESKTOP_CHANNELS.openExternal, url)).rejects.toThrow(TypeError);
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('notify', () => {
  it('when given a title and body, then a native notification is shown', async () => {
    await fromApp(DESKTOP_CHANNELS.notify, { title: 'New comment', body: 'Ada replied' });
    const [notification] = fake.Notification.instances;
    expect(notification?.options).toEqual({ title: 'New comment', body: 'Ada replied' });
    expect(notification?.show).toHaveBeenCalledOnce();
  });

  it('when the notification is clicked, then the window is shown on its target', async () => {
    await fromApp(DESKTOP_CHANNELS.notify, { title: 'New comment', body: 'Ada replied', target: '/project/12' });
    fake.Notification.instances[0]!.emit('click');
    expect(showInWindow).toHaveBeenCalledWith(appWindow, '/project/12');
  });

  it('when notifications are unsupported, then nothing is shown', async () => {
    fake.Notification.isSupported.mockReturnValueOnce(false);
    await fromApp(DESKTOP_CHANNELS.notify, { title: 'Hi', body: '' });
    expect(fake.Notification.instances).toHaveLength(0);
  });

  it.each([
    ['no object', 'hello'],
    ['an array', ['Hi', 'there']],
    ['no title', { body: 'x' }],
    ['a blank title', { title: '  ', body: 'x' }],
    ['a long title', { title: 't'.repeat(121), body: 'x' }],
    ['a long body', { title: 'Hi', body: 'b'.repeat(501) }],
    ['a number body', { title: 'Hi', body: 1 }],
    ['an unknown field', { title: 'Hi', body: 'x', icon: 'file:///x.png' }],
    ['a foreign target', { title: 'Hi', body: 'x', target: 'https://evil.example/' }],
    ['a protocol-relative target', { title: 'Hi', body: 'x', target: '//evil.example/' }],
  ])('when given %s, then it is rejected', async (_what, input) => {
    await expect(fromApp(DESKTOP_CHANNELS.notify, input)).rejects.toThrow(TypeError);
    expect(fake.Notification.instances).toHaveLength(0);
  });
});

describe('setBadgeCount', () => {
  it('when given a count, then the dock/taskbar badge shows it', async () => {
    await fromApp(DESKTOP_CHANNELS.setBadgeCount, 4);
    expect(fake.app.setBadgeCount).toHaveBeenCalledWith(4);
  });

  it.each([-1, 1.5, '3', 100000, null])('when given %s, then it is rejected', async (count) => {
    await expect(fromApp(DESKTOP_CHANNELS.setBadgeCount, count)).rejects.toThrow(TypeError);
    expect(fake.app.setBadgeCount).not.toHaveBeenCalled();
  });
});

describe('server settings', () => {
  it('when asked, then answers the settings', async () => {
    await expect(fromApp(DESKTOP_CHANNELS.getServerSettings)).resolves.toEqual({ serverUrl: 'https://buildboard.example', defaultUrl: null });
  });

  it('when given an http(s) address, then it is saved', async () => {
    await fromApp(DESKTOP_CHANNELS.setServerUrl, 'https://buildboard.dev');
    expect(setServerUrl).toHaveBeenCalledWith('https://buildboard.dev');
  });

  it.each(['file:///etc', 'javascript:alert(1)', '', 7])('when given %s, then it is rejected', async (url) => {
    await expect(fromApp(DESKTOP_CHANNELS.setServerUrl, url)).rejects.toThrow(TypeError);
    expect(setServerUrl).not.toHaveBeenCalled();
  });
});

describe('pickProjectFiles', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'buildboard-ipc-'));
    await writeFile(join(dir, 'index.html'), '<h1>hi</h1>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('when the dialog is cancelled, then answers no files', async () => {
    await expect(fromApp(DESKTOP_CHANNELS.pickProjectFiles, { kind: 'folder' })).resolves.toEqual([]);
  });

  it('when a file is chosen, then the dialog is modal to the sender window and the file comes back', async () => {
    fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [join(dir, 'index.html')] });
    const files = (await fromApp(DESKTOP_CHANNELS.pickProjectFiles, { kind: 'files' })) as { path: string }[];
    expect(fake.dialog.showOpenDialog.mock.calls[0]?.[0]).toBe(appWindow);
    expect(files.map((f) => f.path)).toEqual(['index.html']);
  });

  it.each([
    ['no options', []],
    ['a string', ['folder']],
    ['an unknown kind', [{ kind: 'disk' }]],
    ['a path', [{ kind: 'folder', defaultPath: '/etc' }]],
  ])('when given %s, then it is rejected before any dialog opens', async (_what, args) => {
    await expect(fromApp(DESKTOP_CHANNELS.pickProjectFiles, ...args)).rejects.toThrow(TypeError);
    expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
  });
});
