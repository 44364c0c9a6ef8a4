// Desktop entry point: one instance, one locked-down window showing the Buildboard web UI.
import { join } from 'node:path';
import { app, BrowserWindow, dialog, session } from 'electron';
import { registerIpcHandlers } from './ipc';
import { hardenWebContents, restrictPermissions } from './security';
import { createMainWindow, resolveAppUrl } from './window';

const APP_ID = 'dev.buildboard.app';

function start(): void {
  let appUrl: URL;
  try {
    appUrl = resolveAppUrl();
  } catch (err) {
    dialog.showErrorBox('Buildboard cannot start', err instanceof Error ? err.message : String(err));
    app.exit(1);
    return;
  }
  const appOrigin = appUrl.origin;
  const preloadPath = join(__dirname, '..', 'preload', 'preload.js');
  let mainWindow: BrowserWindow | null = null;

  const openWindow = (): void => {
    mainWindow = createMainWindow({ appUrl, preloadPath });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  // Sandbox every renderer, including any a future code path might create without asking.
  app.enableSandbox();
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID); // needed for Windows notifications

  // Every web contents gets the navigation rules before it loads anything.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, appOrigin));

  // A second launch focuses the running app instead of opening another window.
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
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
      restrictPermissions(session.defaultSession, appOrigin);
      registerIpcHandlers(appOrigin);
      openWindow();
    })
    .catch((err: unknown) => {
      console.error('Buildboard failed to start', err);
      app.exit(1);
    });
}

if (app.requestSingleInstanceLock()) start();
else app.quit();
