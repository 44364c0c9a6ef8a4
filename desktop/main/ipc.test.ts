import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as electron from 'electron';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS, MAX_FILE_BYTES, MAX_PROJECT_FILES } from '../../shared/desktop/desktop-api';
import type { FakeElectron } from '../test/fake-electron';
import { registerIpcHandlers } from './ipc';

vi.mock('electron', async () => (await import('../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
const APP = 'http://localhost:5000';
const EVIL = 'https://evil.example';
const sender = { id: 1 };

/** Calls a registered handler as ipcMain would, from a frame showing `frameUrl`. */
function invoke(channel: string, frameUrl: string | null, ...args: unknown[]): Promise<unknown> {
  const handler = fake.ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const event = { sender, senderFrame: frameUrl === null ? null : { url: frameUrl } };
  return Promise.resolve().then(() => handler(event, ...args));
}
const fromApp = (channel: string, ...args: unknown[]) => invoke(channel, `${APP}/projects/new`, ...args);

let dispose: () => void;
beforeEach(() => {
  vi.clearAllMocks();
  fake.Notification.instances.length = 0;
  dispose = registerIpcHandlers(APP);
  return () => dispose();
});

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
  const validArgs: Record<string, unknown[]> = {
    [DESKTOP_CHANNELS.getInfo]: [],
    [DESKTOP_CHANNELS.openExternal]: ['https://github.com'],
    [DESKTOP_CHANNELS.notify]: [{ title: 'Hi', body: 'there' }],
    [DESKTOP_CHANNELS.pickFiles]: [{}],
  };

  it.each(Object.values(DESKTOP_CHANNELS))('when %s comes from another origin, then it is rejected', async (channel) => {
    await expect(invoke(channel, `${EVIL}/`, ...validArgs[channel]!)).rejects.toThrow(/untrusted sender/);
    await expect(invoke(channel, null, ...validArgs[channel]!)).rejects.toThrow(/untrusted sender/);
    await expect(invoke(channel, 'file:///index.html', ...validArgs[channel]!)).rejects.toThrow(/untrusted sender/);
    expect(fake.shell.openExternal).not.toHaveBeenCalled();
    expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
    expect(fake.Notification.instances).toHaveLength(0);
  });
});

describe('getInfo', () => {
  it('when asked by the app, then answers the platform and the app version', async () => {
    await expect(fromApp(DESKTOP_CHANNELS.getInfo)).resolves.toEqual({ platform: process.platform, version: '1.2.3' });
  });

  it('when given arguments, then it is rejected', async () => {
    await expect(fromApp(DESKTOP_CHANNELS.getInfo, 'extra')).rejects.toThrow(TypeError);
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

  it('when given extra arguments, then it is rejected', async () => {
    await expect(fromApp(DESKTOP_CHANNELS.openExternal, 'https://a.example', 'x')).rejects.toThrow(TypeError);
  });
});

describe('notify', () => {
  it('when given a title and body, then a native notification is shown', async () => {
    await fromApp(DESKTOP_CHANNELS.notify, { title: 'New comment', body: 'Ada replied' });
    const [notification] = fake.Notification.instances;
    expect(notification?.options).toEqual({ title: 'New comment', body: 'Ada replied' });
    expect(notification?.show).toHaveBeenCalledOnce();
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
  ])('when given %s, then it is rejected', async (_what, input) => {
    await expect(fromApp(DESKTOP_CHANNELS.notify, input)).rejects.toThrow(TypeError);
    expect(fake.Notification.instances).toHaveLength(0);
  });
});

describe('pickFiles', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  const choose = (...paths: string[]) =>
    fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: paths });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'buildboard-pick-'));
    await writeFile(file('index.html'), '<h1>hi</h1>');
    await writeFile(file('logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(file('notes.xyz'), 'x');
    await writeFile(file('big.js'), Buffer.alloc(MAX_FILE_BYTES + 1));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('when the dialog is cancelled, then answers no files', async () => {
    await expect(fromApp(DESKTOP_CHANNELS.pickFiles, undefined)).resolves.toEqual([]);
  });

  it('when files are chosen, then answers their names, types and bytes', async () => {
    choose(file('index.html'), file('logo.png'), file('notes.xyz'));
    const picked = (await fromApp(DESKTOP_CHANNELS.pickFiles, { multiple: true })) as {
      name: string;
      type: string;
      data: Uint8Array;
    }[];
    expect(picked.map(({ name, type }) => ({ name, type }))).toEqual([
      { name: 'index.html', type: 'text/html' },
      { name: 'logo.png', type: 'image/png' },
      { name: 'notes.xyz', type: '' },
    ]);
    expect(picked[0]?.data).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(picked[0]?.data)).toBe('<h1>hi</h1>');
    expect([...picked[1]!.data]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('when opening the dialog, then it is modal to the sender window with the accept filter', async () => {
    const win = new fake.BrowserWindow({});
    const handler = fake.ipcMain.handlers.get(DESKTOP_CHANNELS.pickFiles)!;
    await handler({ sender: win.webContents, senderFrame: { url: `${APP}/` } }, { accept: ['HTML', 'png'], multiple: true });
    expect(fake.dialog.showOpenDialog).toHaveBeenCalledWith(win, {
      properties: ['openFile', 'multiSelections'],
      filters: [{ name: 'Accepted files', extensions: ['html', 'png'] }],
    });
  });

  it('when more than one file comes back for a single pick, then it is rejected', async () => {
    choose(file('index.html'), file('logo.png'));
    await expect(fromApp(DESKTOP_CHANNELS.pickFiles, {})).rejects.toThrow('Choose one file.');
  });

  it(`when more than ${MAX_PROJECT_FILES} files are chosen, then it is rejected`, async () => {
    choose(...Array.from({ length: MAX_PROJECT_FILES + 1 }, () => file('index.html')));
    await expect(fromApp(DESKTOP_CHANNELS.pickFiles, { multiple: true })).rejects.toThrow(
      `Choose at most ${MAX_PROJECT_FILES} files.`,
    );
  });

  it('when a file is larger than the limit, then it is rejected', async () => {
    choose(file('big.js'));
    await expect(fromApp(DESKTOP_CHANNELS.pickFiles, {})).rejects.toThrow('big.js is larger than 5 MB.');
  });

  it('when a file does not match accept, then it is rejected', async () => {
    choose(file('notes.xyz'));
    await expect(fromApp(DESKTOP_CHANNELS.pickFiles, { accept: ['html'] })).rejects.toThrow(/not an accepted file type/);
  });

  it('when a directory comes back, then it is rejected', async () => {
    choose(dir);
    await expect(fromApp(DESKTOP_CHANNELS.pickFiles, {})).rejects.toThrow(/is not a file/);
  });

  it.each([
    ['a string', 'png'],
    ['accept with dots', { accept: ['.png'] }],
    ['accept with a path', { accept: ['../etc'] }],
    ['accept not a list', { accept: 'png' }],
    ['multiple not a boolean', { multiple: 'yes' }],
    ['an unknown field', { defaultPath: '/etc' }],
  ])('when given %s, then it is rejected before any dialog opens', async (_what, options) => {
    await expect(fromApp(DESKTOP_CHANNELS.pickFiles, options)).rejects.toThrow(TypeError);
    expect(fake.dialog.showOpenDialog).not.toHaveBeenCalled();
  });
});
