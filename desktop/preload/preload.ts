// Runs in the sandboxed renderer before the page. It exposes exactly one global, `window.desktop`,
// whose functions only forward their arguments to ipcRenderer.invoke: no ipcRenderer, no events,
// no node APIs reach the page.
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopApi, DesktopChannels, NotifyInput, PickFilesOptions } from '../../shared/desktop/desktop-api';

// A sandboxed preload can require 'electron' but not project files, so the channel names are
// repeated here; `satisfies` makes the compiler reject any drift from shared/desktop.
const CHANNELS = {
  getInfo: 'desktop:get-info',
  openExternal: 'desktop:open-external',
  notify: 'desktop:notify',
  pickFiles: 'desktop:pick-files',
} as const satisfies DesktopChannels;

const api: DesktopApi = {
  getInfo: () => ipcRenderer.invoke(CHANNELS.getInfo),
  openExternal: (url: string) => ipcRenderer.invoke(CHANNELS.openExternal, url),
  notify: (input: NotifyInput) => ipcRenderer.invoke(CHANNELS.notify, input),
  pickFiles: (options?: PickFilesOptions) => ipcRenderer.invoke(CHANNELS.pickFiles, options),
};

contextBridge.exposeInMainWorld('desktop', api);
