// The platform inside the desktop app, over the `window.desktop` bridge its preload exposes.
// This folder is the only place in web/ that knows the bridge exists.
import type { DesktopApi } from '@shared/desktop/desktop-api';
import type { Platform } from './platform';

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

export function createDesktopPlatform(bridge: DesktopApi): Platform {
  return {
    isDesktop: true,
    openExternal: (url) => bridge.openExternal(url),
    notify: (title, body) => bridge.notify({ title, body }),
    async pickFiles(options) {
      const picked = await bridge.pickFiles(options);
      return picked.map((file) => new File([file.data], file.name, { type: file.type }));
    },
  };
}
