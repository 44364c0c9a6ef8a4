import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as electron from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ORIGIN, DESKTOP_CHANNELS, DESKTOP_FOLDER_CHANGED_EVENT } from '../../../shared/desktop/desktop-api';
import type { FolderScan, LinkedFolder } from '../../../shared/desktop/folder-link';
import type { FakeElectron } from '../../test/fake-electron';
import { registerIpcHandlers } from '../ipc';
import { FOLDER_LINKS_FILE, FolderLinkStore } from './folder-link-store';
import { FOLDER_LINK_ERRORS, FolderLinks } from './folder-links';
import { FolderWatcher } from './folder-watcher';

vi.mock('electron', async () => (await import('../../test/fake-electron')).createFakeElectron());

const fake = electron as unknown as FakeElectron;
let dir: string;
let folder: string;
let links: FolderLinks;
let appWindow: InstanceType<FakeElectron['BrowserWindow']>;
let dispose: () => void;

/** A bridge call from the app window's top frame, through the registered handler. */
const call = <T>(channel: string, ...args: unknown[]) =>
  Promise.resolve().then(() =>
    fake.ipcMain.handlers.get(channel)!({ sender: appWindow.webContents, senderFrame: { url: `${APP_ORIGIN}/my-projects`, parent: null } }, ...args),
  ) as Promise<T>;

beforeEach(async () => {
  vi.clearAllMocks();
  dir = await mkdtemp(join(tmpdir(), 'bb-links-'));
  folder = join(dir, 'my-site');
  await import('node:fs/promises').then((fs) => fs.mkdir(folder));
  await writeFile(join(folder, 'index.html'), '<h1>One</h1>');
  fake.windows.length = 0;
  appWindow = new fake.BrowserWindow({});
  links = new FolderLinks(new FolderLinkStore(join(dir, FOLDER_LINKS_FILE)), new FolderWatcher(30));
  dispose = registerIpcHandlers({
    appOrigin: APP_ORIGIN,
    isAppContents: (c) => c === (appWindow.webContents as unknown),
    getServerSettings: () => ({ serverUrl: null, defaultUrl: null }),
    setServerUrl: async () => {},
    showInWindow: () => {},
    folderLinks: links,
  });
});
afterEach(async () => {
  dispose();
  links.close();
  await rm(dir, { recursive: true, force: true });
});

async function linkTheFolder(): Promise<LinkedFolder> {
  fake.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [folder] });
  const linked = await call<LinkedFolder | null>(DESKTOP_CHANNELS.linkFolder);
  return linked!;
}

describe('linked folders in the main process (electron mocked)', () => {
  it('when a folder is linked, then the page gets an id and the name only; the path stays in main, saved for the next start', async () => {
    const linked = await linkTheFolder();
    expect(linked).toEqual({ linkId: expect.stringMatching(/^[a-f0-9]{32}$/), name: 'my-site' });
    expect(fake.dialog.showOpenDialog).toHaveBeenCalledWith(appWindow, expect.objectContaining({ properties: ['openDirectory'] }));
    expect(JSON.stringify(linked)).not.toContain(dir);
    const saved = JSON.parse(await readFile(join(dir, FOLDER_LINKS_FILE), 'utf8')) as Record<string, string>;
    expect(Object.keys(saved)).toEqual([linked.linkId]);
    expect(new FolderLinkStore(join(dir, FOLDER_LINKS_FILE)).folderOf(linked.linkId)).toContain('my-site');
  });

  it('when the dialog is cancelled, then nothing is linked', async () => {
    expect(await call(DESKTOP_CHANNELS.linkFolder)).toBeNull();
  });

  it('when the folder is scanned and read, then its files come back by path', async () => {
    const { linkId } = await linkTheFolder();
    const scan = await call<FolderScan>(DESKTOP_CHANNELS.scanLinkedFolder, linkId);
    expect(scan.files.map((f) => f.path)).toEqual(['index.html']);
    const files = await call<{ path: string; data: Uint8Array }[]>(DESKTOP_CHANNELS.readLinkedFiles, linkId, ['index.html']);
    expect(new TextDecoder().decode(files[0]!.data)).toBe('<h1>One</h1>');
  });

  it('when a watched folder changes, then the app window is told which link changed', async () => {
    const { linkId } = await linkTheFolder();
    await call(DESKTOP_CHANNELS.watchLinkedFolder, linkId);
    await new Promise((r) => setTimeout(r, 100));
    await writeFile(join(folder, 'logo.svg'), '<svg/>');
    await expect.poll(() => appWindow.webContents.send.mock.calls).toContainEqual([DESKTOP_FOLDER_CHANGED_EVENT, linkId]);
  });

  it('when unlinked, then the link is forgotten: its id no longer reads anything', async () => {
    const { linkId } = await linkTheFolder();
    await call(DESKTOP_CHANNELS.unlinkFolder, linkId);
    await expect(call(DESKTOP_CHANNELS.scanLinkedFolder, linkId)).rejects.toThrow(FOLDER_LINK_ERRORS.unknown);
    expect(JSON.parse(await readFile(join(dir, FOLDER_LINKS_FILE), 'utf8'))).toEqual({});
  });

  it('when the linked folder was removed, then the scan says so by name', async () => {
    const { linkId } = await linkTheFolder();
    await rm(folder, { recursive: true });
    await expect(call(DESKTOP_CHANNELS.scanLinkedFolder, linkId)).rejects.toThrow('The linked folder my-site cannot be read: link it again');
  });

  it('when the page asks with a made-up id or too many paths, then it is refused before any disk access', async () => {
    await expect(call(DESKTOP_CHANNELS.scanLinkedFolder, '../../etc')).rejects.toThrow(TypeError);
    await expect(call(DESKTOP_CHANNELS.scanLinkedFolder, 'b'.repeat(32))).rejects.toThrow(FOLDER_LINK_ERRORS.unknown);
    const { linkId } = await linkTheFolder();
    await expect(call(DESKTOP_CHANNELS.readLinkedFiles, linkId, Array.from({ length: 21 }, (_, i) => `f${i}.js`))).rejects.toThrow(TypeError);
  });
});
