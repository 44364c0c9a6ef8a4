// The bridge's folder links: link a folder (native dialog), scan it, read its files, watch it. Every
// call names a link by the id main gave out; its path never leaves the main process.
import { realpath } from 'node:fs/promises';
import { basename } from 'node:path';
import { dialog, type BrowserWindow, type WebContents } from 'electron';
import { DESKTOP_FOLDER_CHANGED_EVENT, type DiskFile } from '../../../shared/desktop/desktop-api';
import type { FolderScan, LinkedFolder } from '../../../shared/desktop/folder-link';
import type { FolderLinkStore } from './folder-link-store';
import { FolderWatcher } from './folder-watcher';
import { readFolderFiles, scanFolder } from './scan-folder';

export const FOLDER_LINK_ERRORS = {
  unknown: 'This folder link is unknown: link the folder again',
  unreadable: (name: string) => `The linked folder ${name} cannot be read: link it again`,
} as const;

export class FolderLinks {
  constructor(
    private readonly store: FolderLinkStore,
    private readonly watcher = new FolderWatcher(),
  ) {}

  /** Asks for a folder; null when cancelled. The link holds the folder's real path (no link to follow later). */
  async link(parent: BrowserWindow | null): Promise<LinkedFolder | null> {
    const options = { title: 'Link folder', properties: ['openDirectory' as const] };
    const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
    if (result.canceled || !result.filePaths[0]) return null;
    const folder = await realpath(result.filePaths[0]);
    return { linkId: await this.store.add(folder), name: basename(folder) };
  }

  async scan(linkId: string): Promise<FolderScan> {
    const folder = this.folderOf(linkId);
    try {
      return await scanFolder(folder);
    } catch {
      throw new Error(FOLDER_LINK_ERRORS.unreadable(basename(folder)));
    }
  }

  read(linkId: string, paths: readonly string[]): Promise<DiskFile[]> {
    return readFolderFiles(this.folderOf(linkId), paths);
  }

  /** Tells `contents` (the app window) each time the folder changed, until unlinked or the window goes. */
  watch(linkId: string, contents: WebContents): void {
    const key = `${linkId}:${contents.id}`;
    this.watcher.watch(key, this.folderOf(linkId), () => {
      if (!contents.isDestroyed()) contents.send(DESKTOP_FOLDER_CHANGED_EVENT, linkId);
    });
    contents.once('destroyed', () => this.watcher.unwatch(key));
  }

  async unlink(linkId: string, contents: WebContents): Promise<void> {
    this.watcher.unwatch(`${linkId}:${contents.id}`);
    await this.store.remove(linkId);
  }

  close(): void {
    this.watcher.close();
  }

  private folderOf(linkId: string): string {
    const folder = this.store.folderOf(linkId);
    if (!folder) throw new Error(FOLDER_LINK_ERRORS.unknown);
    return folder;
  }
}
