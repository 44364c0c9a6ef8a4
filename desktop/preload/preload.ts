// Runs in the sandboxed renderer before the page. It exposes exactly one global, `window.desktop`,
// whose functions only forward their arguments to ipcRenderer.invoke, plus onNavigate, which hands the
// page a path string and never the IPC event: no ipcRenderer and no node APIs reach the page.
import { contextBridge, ipcRenderer } from 'electron';
import type {
  DesktopApi,
  DesktopChannels,
  NotifyInput,
  PickProjectFilesOptions,
} from '../../shared/desktop/desktop-api';
import type * as Shared from '../../shared/desktop/desktop-api';

// A sandboxed preload can require 'electron' but not project files, so the channel names are
// repeated here; `satisfies` makes the compiler reject any drift from shared/desktop.
const CHANNELS = {
  openExternal: 'desktop:open-external',
  notify: 'desktop:notify',
  setBadgeCount: 'desktop:set-badge-count',
  pickProjectFiles: 'desktop:pick-project-files',
  getServerSettings: 'desktop:get-server-settings',
  setServerUrl: 'desktop:set-server-url',
  linkFolder: 'desktop:link-folder',
  scanLinkedFolder: 'desktop:scan-linked-folder',
  readLinkedFiles: 'desktop:read-linked-files',
  watchLinkedFolder: 'desktop:watch-linked-folder',
  unlinkFolder: 'desktop:unlink-folder',
} as const satisfies DesktopChannels;
const NAVIGATE_EVENT: typeof Shared.DESKTOP_NAVIGATE_EVENT = 'desktop:navigate';
const FOLDER_CHANGED_EVENT: typeof Shared.DESKTOP_FOLDER_CHANGED_EVENT = 'desktop:folder-changed';

/** Hands the page a string argument of a main -> renderer event, never the IPC event itself. */
function subscribe(channel: string, listener: (value: string) => void): () => void {
  const forward = (_event: unknown, value: unknown) => {
    if (typeof value === 'string') listener(value);
  };
  ipcRenderer.on(channel, forward);
  return () => {
    ipcRenderer.removeListener(channel, forward);
  };
}

const api: DesktopApi = {
  openExternal: (url: string) => ipcRenderer.invoke(CHANNELS.openExternal, url),
  notify: (input: NotifyInput) => ipcRenderer.invoke(CHANNELS.notify, input),
  setBadgeCount: (count: number) => ipcRenderer.invoke(CHANNELS.setBadgeCount, count),
  pickProjectFiles: (options: PickProjectFilesOptions) => ipcRenderer.invoke(CHANNELS.pickProjectFiles, options),
  getServerSettings: () => ipcRenderer.invoke(CHANNELS.getServerSettings),
  setServerUrl: (url: string) => ipcRenderer.invoke(CHANNELS.setServerUrl, url),
  onNavigate: (listener: (path: string) => void) => subscribe(NAVIGATE_EVENT, listener),
  linkFolder: () => ipcRenderer.invoke(CHANNELS.linkFolder),
  scanLinkedFolder: (linkId: string) => ipcRenderer.invoke(CHANNELS.scanLinkedFolder, linkId),
  readLinkedFiles: (linkId: string, paths: string[]) => ipcRenderer.invoke(CHANNELS.readLinkedFiles, linkId, paths),
  watchLinkedFolder: (linkId: string) => ipcRenderer.invoke(CHANNELS.watchLinkedFolder, linkId),
  unlinkFolder: (linkId: string) => ipcRenderer.invoke(CHANNELS.unlinkFolder, linkId),
  onFolderChanged: (listener: (linkId: string) => void) => subscribe(FOLDER_CHANGED_EVENT, listener),
};

contextBridge.exposeInMainWorld('desktop', api);
