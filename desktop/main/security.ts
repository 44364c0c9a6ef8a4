// Hardening applied to every web contents and to the session, following Electron's security
// checklist: the app origin is the only place the window may live; everything else goes to the
// system browser or nowhere.
import { shell, type Session, type WebContents } from 'electron';
import { isHttpUrl } from '../../shared/desktop/desktop-api';

/** The origin of a URL, or null when it does not parse (or is opaque, like data: or file:). */
export function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * True when an IPC message comes from a frame showing the app's own origin. A frame that has
 * navigated away or been destroyed (senderFrame null) is not trusted.
 */
export function isTrustedSender(
  event: { readonly senderFrame: { readonly url: string } | null },
  appOrigin: string,
): boolean {
  const url = event.senderFrame?.url;
  return url !== undefined && originOf(url) === appOrigin;
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
