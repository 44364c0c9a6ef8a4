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

// A sandboxed preload can require 'electron' but not project files, so the channel names are
// repeated here; `satisfies` makes the compiler reject any drift from shared/desktop.
const CHANNELS = {
  openExternal: 'desktop:open-external',
  notify: 'desktop:notify',
  setBadgeCount: 'desktop:set-badge-count',
  pickProjectFiles: 'desktop:pick-project-files',
  getServerSettings: 'desktop:get-server-settings',
  setServerUrl: 'desktop:set-server-url',
} as const satisfies DesktopChannels;
const NAVIGATE_EVENT: typeof import('../../shared/desktop/desktop-api').DESKTOP_NAVIGATE_EVENT = 'desktop:navigate';

const api: DesktopApi = {
  openExternal: (url: string) => ipcRenderer.invoke(CHANNELS.openExternal, url),
  notify: (input: NotifyInput) => ipcRenderer.invoke(CHANNELS.notify, input),
  setBadgeCount: (count: number) => ipcRenderer.invoke(CHANNELS.setBadgeCount, count),
  pickProjectFiles: (options: PickProjectFilesOptions) => ipcRenderer.invoke(CHANNELS.pickProjectFiles, options),
  getServerSettings: () => ipcRenderer.invoke(CHANNELS.getServerSettings),
  setServerUrl: (url: string) => ipcRenderer.invoke(CHANNELS.setServerUrl, url),
  onNavigate(listener: (path: string) => void) {
    const forward = (_event: unknown, path: unknown) => {
      if (typeof path === 'string') listener(path);
    };
    ipcRenderer.on(NAVIGATE_EVENT, forward);
    return () => {
      ipcRenderer.removeListener(NAVIGATE_EVENT, forward);
    };
  },
};

contextBridge.exposeInMainWorld('desktop', api);
