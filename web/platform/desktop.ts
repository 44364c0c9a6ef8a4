// The platform inside the desktop app, over the `window.desktop` bridge its preload exposes.
// This folder is the only place in web/ that knows the bridge exists.
import type { DesktopApi, DiskFile } from '@shared/desktop/desktop-api';
import type { Platform, ProjectDiskFile } from './platform';

/**
 * The window as the desktop preload leaves it. Declared here rather than as a global, so
 * `window.desktop` does not even type-check outside web/platform.
 */
export interface DesktopWindow extends Window {
  desktop?: DesktopApi;
}

/** The bridge, when running inside the desktop app. */
export function getDesktopBridge(): DesktopApi | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as DesktopWindow).desktop;
}

/** The file name of a relative path ("css/app.css" -> "app.css"). */
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Files from disk as the form keeps them (a File named after the path's last segment). */
const toProjectFiles = (files: readonly DiskFile[]): ProjectDiskFile[] =>
  files.map((f) => ({
    path: f.path,
    size: f.size,
    file: f.data ? new File([f.data], baseName(f.path), { type: f.type }) : null,
  }));

export function createDesktopPlatform(bridge: DesktopApi): Platform {
  return {
    isDesktop: true,
    openExternal: (url) => bridge.openExternal(url),
    notify: (title, body, target) => bridge.notify(target ? { title, body, target } : { title, body }),
    setBadgeCount: (count) => bridge.setBadgeCount(count),
    onNavigate: (listener) => bridge.onNavigate(listener),
    async pickProjectFiles(kind) {
      return toProjectFiles(await bridge.pickProjectFiles({ kind }));
    },
    folderLinks: {
      link: () => bridge.linkFolder(),
      scan: (linkId) => bridge.scanLinkedFolder(linkId),
      read: async (linkId, paths) => toProjectFiles(await bridge.readLinkedFiles(linkId, paths)),
      watch: (linkId) => bridge.watchLinkedFolder(linkId),
      unlink: (linkId) => bridge.unlinkFolder(linkId),
      onChanged: (listener) => bridge.onFolderChanged(listener),
    },
    serverSettings: { get: () => bridge.getServerSettings(), set: (url) => bridge.setServerUrl(url) },
    // Loaded with the socket client, after the first paint.
    loadSocketTransports: async () => [(await import('./same-origin-polling')).SameOriginPolling],
  };
}
