// The one app window: the bundled web UI on app://buildboard, with the renderer locked down.
import { BrowserWindow } from 'electron';
import { APP_ORIGIN } from '../../shared/desktop/desktop-api';

export type MainWindowOptions = { preloadPath: string; /** An app path such as /project/12. */ initialPath?: string };

/** The web preferences of every app window (Electron's security checklist). */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

export function createMainWindow({ preloadPath, initialPath = '/' }: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 400,
    minHeight: 500,
    title: 'Buildboard',
    show: false, // shown once painted, so there is no white flash
    webPreferences: { preload: preloadPath, ...SECURE_WEB_PREFERENCES },
  });
  win.once('ready-to-show', () => win.show());
  const url = `${APP_ORIGIN}${initialPath}`;
  win.loadURL(url).catch((err: unknown) => {
    console.error(`Could not load ${url}`, err);
    if (!win.isDestroyed()) win.show();
  });
  return win;
}
