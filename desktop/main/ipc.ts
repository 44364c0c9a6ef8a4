// One ipcMain.handle per bridge channel. Every call is checked twice: the sender must be a frame
// on the app origin, and the arguments must have the exact expected shape.
import { app, BrowserWindow, ipcMain, Notification, shell, type IpcMainInvokeEvent } from 'electron';
import { DESKTOP_CHANNELS, type DesktopChannel, type DesktopInfo } from '../../shared/desktop/desktop-api';
import { pickFiles } from './pick-files';
import { isTrustedSender } from './security';
import { expectArgs, parseExternalUrl, parseNotifyInput, parsePickFilesOptions } from './validate';

type Handler = (event: IpcMainInvokeEvent, args: unknown[]) => unknown;

const handlers: Record<DesktopChannel, Handler> = {
  [DESKTOP_CHANNELS.getInfo]: (_event, args): DesktopInfo => {
    expectArgs(args, 0);
    return { platform: process.platform, version: app.getVersion() };
  },

  [DESKTOP_CHANNELS.openExternal]: async (_event, args) => {
    const [url] = expectArgs(args, 1);
    await shell.openExternal(parseExternalUrl(url));
  },

  [DESKTOP_CHANNELS.notify]: (event, args) => {
    const [raw] = expectArgs(args, 1);
    const { title, body } = parseNotifyInput(raw);
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title, body });
    // Clicking a notification brings the app forward, as a browser tab's would.
    notification.on('click', () => {
      const win = BrowserWindow.fromWebContents(event.sender);
      if (win && !win.isDestroyed()) {
        if (win.isMinimized()) win.restore();
        win.focus();
      }
    });
    notification.show();
  },

  [DESKTOP_CHANNELS.pickFiles]: (event, args) => {
    const [raw] = expectArgs(args, 0, 1);
    return pickFiles(BrowserWindow.fromWebContents(event.sender), parsePickFilesOptions(raw));
  },
};

/** Registers the bridge handlers; returns a function that removes them. */
export function registerIpcHandlers(appOrigin: string): () => void {
  const channels = Object.keys(handlers) as DesktopChannel[];
  for (const channel of channels) {
    const handler = handlers[channel];
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, appOrigin)) throw new Error(`${channel}: untrusted sender`);
      return handler(event, args);
    });
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}
