// The one app window: the web UI served by the Buildboard server, with the renderer locked down.
import { BrowserWindow } from 'electron';
import { isHttpUrl } from '../../shared/desktop/desktop-api';

export const DEFAULT_APP_URL = 'http://localhost:5000';

/** The server the window shows, from BUILDBOARD_URL; anything but an http(s) URL is a startup error. */
export function resolveAppUrl(env: Record<string, string | undefined> = process.env): URL {
  const raw = env.BUILDBOARD_URL?.trim() || DEFAULT_APP_URL;
  if (!isHttpUrl(raw)) throw new Error(`BUILDBOARD_URL must be an http(s) URL, got "${raw}"`);
  return new URL(raw);
}

export type MainWindowOptions = { appUrl: URL; preloadPath: string };

export function createMainWindow({ appUrl, preloadPath }: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 400,
    minHeight: 500,
    title: 'Buildboard',
    show: false, // shown once painted, so there is no white flash
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    },
  });
  win.once('ready-to-show', () => win.show());
  win.loadURL(appUrl.href).catch((err: unknown) => {
    // ready-to-show never fires when the server is down; show Chromium's error page instead.
    console.error(`Could not load ${appUrl.href}`, err);
    if (!win.isDestroyed()) win.show();
  });
  return win;
}
