// Desktop entry point: one instance, one locked-down window showing the bundled web UI from app://,
// whose API calls main forwards to the server the user chose (desktop/main/app-protocol.ts).
import { join } from 'node:path';
import { app, BrowserWindow, protocol, session, type WebContents } from 'electron';
import {
  APP_ORIGIN,
  APP_SCHEME,
  DEEP_LINK_SCHEME,
  DESKTOP_NAVIGATE_EVENT,
  deepLinkPath,
} from '../../shared/desktop/desktop-api';
import { createAppProtocolHandler } from './app-protocol';
import { devServerUrl } from './dev-server';
import { FOLDER_LINKS_FILE, FolderLinkStore } from './folder-link/folder-link-store';
import { FolderLinks } from './folder-link/folder-links';
import { registerIpcHandlers } from './ipc';
import { installMenu } from './menu';
import { hardenWebContents, restrictPermissions } from './security';
import { defaultServerUrl, SETTINGS_FILE, SettingsStore } from './settings';
import { createMainWindow } from './window';

const APP_ID = 'dev.buildboard.app';
/** dist/desktop: the built main is dist/desktop/main/main.js, the web build is in dist/desktop/web. */
const DIST_DIR = join(__dirname, '..');

/** The app path of the first buildboard:// link among command-line arguments (Windows, Linux). */
export function deepLinkInArgs(argv: readonly string[]): string | null {
  for (const arg of argv) {
    const path = arg.startsWith(`${DEEP_LINK_SCHEME}:`) ? deepLinkPath(arg) : null;
    if (path) return path;
  }
  return null;
}

function start(): void {
  // Before ready: app:// is a standard, secure scheme, so the UI gets a real origin, fetch and storage.
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
  ]);

  const settings = new SettingsStore(join(app.getPath('userData'), SETTINGS_FILE), defaultServerUrl(process.env, DIST_DIR));
  const preloadPath = join(__dirname, '..', 'preload', 'preload.js');
  let mainWindow: BrowserWindow | null = null;
  let pendingPath = deepLinkInArgs(process.argv);

  const openWindow = (initialPath = '/'): void => {
    mainWindow = createMainWindow({ preloadPath, initialPath });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  const showInWindow = (win: BrowserWindow, target?: string): void => {
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
    if (target) win.webContents.send(DESKTOP_NAVIGATE_EVENT, target);
  };

  /** Shows an app path: in the open window, or in a new one (before ready: once ready). */
  const openPath = (path: string): void => {
    if (!app.isReady()) pendingPath = path;
    else if (mainWindow && !mainWindow.isDestroyed()) showInWindow(mainWindow, path);
    else openWindow(path);
  };

  // Sandbox every renderer, including any a future code path might create without asking.
  app.enableSandbox();
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID); // needed for Windows notifications
  // buildboard:// links open this app (packaged; a development run registers the electron binary).
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [process.argv[1]]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  // Every web contents gets the navigation rules before it loads anything.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, APP_ORIGIN));

  // A second launch focuses the running app instead of opening another window (and follows its link).
  app.on('second-instance', (_event, argv: string[] = []) => {
    const path = deepLinkInArgs(argv);
    if (path) openPath(path);
    else if (mainWindow) showInWindow(mainWindow);
  });

  // macOS hands deep links over as an event, possibly before ready.
  app.on('open-url', (event, url: string) => {
    event.preventDefault();
    const path = deepLinkPath(url);
    if (path) openPath(path);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  app
    .whenReady()
    .then(() => {
      const ses = session.defaultSession;
      restrictPermissions(ses, APP_ORIGIN);
      ses.protocol.handle(
        APP_SCHEME,
        createAppProtocolHandler({
          webRoot: join(DIST_DIR, 'web'),
          devServerUrl: devServerUrl(process.env, app.isPackaged),
          getServerUrl: () => settings.current(),
          fetch: (url, init) => ses.fetch(url, init),
        }),
      );
      registerIpcHandlers({
        appOrigin: APP_ORIGIN,
        isAppContents: (contents: WebContents) =>
          mainWindow !== null && !mainWindow.isDestroyed() && mainWindow.webContents === contents,
        getServerSettings: () => settings.snapshot(),
        setServerUrl: async (url) => {
          // The page may choose the server only on the first-run screen; changing it later is the
          // menu's (main's) call, so a script injected into the UI cannot send the API elsewhere.
          if (settings.current() !== null) throw new Error('A server is already set: use File > Change Server...');
          await settings.setServerUrl(url);
          // Answer the call first, then start the app again against the new server.
          setImmediate(() => mainWindow?.loadURL(`${APP_ORIGIN}/`).catch(() => undefined));
        },
        showInWindow,
        folderLinks: new FolderLinks(new FolderLinkStore(join(app.getPath('userData'), FOLDER_LINKS_FILE))),
      });
      installMenu(() => {
        settings
          .clearServerUrl()
          .then(() => mainWindow?.loadURL(`${APP_ORIGIN}/`))
          .catch((err: unknown) => console.error('Could not change the server', err));
      });
      openWindow(pendingPath ?? '/');
      pendingPath = null;
    })
    .catch((err: unknown) => {
      console.error('Buildboard failed to start', err);
      app.exit(1);
    });
}

if (app.requestSingleInstanceLock()) start();
else app.quit();
