// One ipcMain.handle per bridge channel. Every call is checked twice before its handler runs: the sender
// must be the top frame of an app window on the app origin, and the arguments must match the channel's
// shared zod schema (shared/desktop/desktop-api.ts) exactly.
import { app, BrowserWindow, ipcMain, Notification, shell, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { z } from 'zod';
import {
  DESKTOP_ARGS,
  DESKTOP_CHANNELS,
  type DesktopChannel,
  type ServerSettings,
} from '../../shared/desktop/desktop-api';
import type { FolderLinks } from './folder-link/folder-links';
import { pickProjectFiles } from './pick-files';
import { isTrustedSender } from './security';

export type IpcContext = {
  appOrigin: string;
  /** True for the web contents of an app window (not a popup or any other contents). */
  isAppContents: (contents: WebContents) => boolean;
  getServerSettings: () => ServerSettings;
  /** Saves the address and reloads the app against it. */
  setServerUrl: (url: string) => Promise<void>;
  /** Brings the window forward and, when given, shows the app path in it. */
  showInWindow: (win: BrowserWindow, target?: string) => void;
  /** Linked folders (drafts and hosted projects that follow a folder on disk). */
  folderLinks: FolderLinks;
};

type Args<C extends DesktopChannel> = z.output<(typeof DESKTOP_ARGS)[C]>;
type Handlers = { [C in DesktopChannel]: (event: IpcMainInvokeEvent, args: Args<C>) => unknown };

function createHandlers(ctx: IpcContext): Handlers {
  return {
    [DESKTOP_CHANNELS.openExternal]: async (_event, [url]) => {
      await shell.openExternal(new URL(url).href);
    },

    [DESKTOP_CHANNELS.notify]: (event, [{ title, body, target }]) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      notification.on('click', () => {
        const win = BrowserWindow.fromWebContents(event.sender);
        if (win && !win.isDestroyed()) ctx.showInWindow(win, target);
      });
      notification.show();
    },

    [DESKTOP_CHANNELS.setBadgeCount]: (_event, [count]) => {
      // macOS dock and Linux (Unity) launchers; elsewhere it is a no-op that answers false.
      app.setBadgeCount(count);
    },

    [DESKTOP_CHANNELS.pickProjectFiles]: (event, [options]) =>
      pickProjectFiles(BrowserWindow.fromWebContents(event.sender), options),

    [DESKTOP_CHANNELS.getServerSettings]: () => ctx.getServerSettings(),

    [DESKTOP_CHANNELS.setServerUrl]: (_event, [url]) => ctx.setServerUrl(url),

    [DESKTOP_CHANNELS.linkFolder]: (event) => ctx.folderLinks.link(BrowserWindow.fromWebContents(event.sender)),

    [DESKTOP_CHANNELS.scanLinkedFolder]: (_event, [linkId]) => ctx.folderLinks.scan(linkId),

    [DESKTOP_CHANNELS.readLinkedFiles]: (_event, [linkId, paths]) => ctx.folderLinks.read(linkId, paths),

    [DESKTOP_CHANNELS.watchLinkedFolder]: (event, [linkId]) => ctx.folderLinks.watch(linkId, event.sender),

    [DESKTOP_CHANNELS.unlinkFolder]: (event, [linkId]) => ctx.folderLinks.unlink(linkId, event.sender),
  };
}

/** Registers the bridge handlers; returns a function that removes them. */
export function registerIpcHandlers(ctx: IpcContext): () => void {
  const handlers = createHandlers(ctx);
  const channels = Object.values(DESKTOP_CHANNELS);
  for (const channel of channels) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, ctx.appOrigin, ctx.isAppContents)) throw new Error(`${channel}: untrusted sender`);
      const parsed = DESKTOP_ARGS[channel].safeParse(args);
      if (!parsed.success) throw new TypeError(`${channel}: invalid arguments`);
      return (handlers[channel] as (e: IpcMainInvokeEvent, a: unknown) => unknown)(event, parsed.data);
    });
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}
