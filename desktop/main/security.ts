// Hardening applied to every web contents and to the session, following Electron's security
// checklist: the app origin is the only place the window may live; everything else goes to the
// system browser or nowhere.
import { shell, type Session, type WebContents } from 'electron';
import { APP_SCHEME, isHttpUrl } from '../../shared/desktop/desktop-api';

/**
 * The origin of a URL, or null when it does not parse (or is opaque, like data: or file:). The app's
 * own scheme is a standard scheme in Chromium, so app://buildboard/x has the origin app://buildboard
 * (Node's URL calls it opaque).
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol === `${APP_SCHEME}:`) return parsed.host ? `${APP_SCHEME}://${parsed.host}` : null;
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

type SenderFrame = { readonly url: string; readonly parent: unknown };

/**
 * True when an IPC message comes from the top frame of an app window showing the app's own origin:
 * never a subframe (a hosted project, the preview origin), never a frame that has navigated away or
 * been destroyed (senderFrame null), never a web contents that is not an app window (a popup).
 */
export function isTrustedSender<S>(
  event: { readonly sender: S; readonly senderFrame: SenderFrame | null },
  appOrigin: string,
  isAppContents: (sender: S) => boolean = () => true,
): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return originOf(frame.url) === appOrigin && isAppContents(event.sender);
}

function openInBrowser(url: string): void {
  if (!isHttpUrl(url)) return;
  shell.openExternal(url).catch((err: unknown) => console.error('openExternal failed', err));
}

/** Keeps a web contents on the app origin: no popups, no foreign navigation, no webviews. */
export function hardenWebContents(contents: WebContents, appOrigin: string): void {
  // New windows would escape these rules; links meant to open elsewhere go to the browser.
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url);
    return { action: 'deny' };
  });

  contents.on('will-navigate', (event) => {
    if (originOf(event.url) === appOrigin) return;
    event.preventDefault();
    openInBrowser(event.url);
  });

  // A same-origin page could redirect the main frame elsewhere without firing will-navigate.
  // Subframes (project previews on their own origin) are left alone.
  contents.on('will-redirect', (event) => {
    if (!event.isMainFrame || originOf(event.url) === appOrigin) return;
    event.preventDefault();
    openInBrowser(event.url);
  });

  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Denies every permission except notifications, and those only to the app origin. */
export function restrictPermissions(session: Session, appOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permission === 'notifications' && originOf(details.requestingUrl) === appOrigin);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => {
    return permission === 'notifications' && originOf(requestingOrigin) === appOrigin;
  });
}
