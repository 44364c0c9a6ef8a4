// The platform in a plain browser tab, on web APIs only.
import { isHttpUrl } from '@shared/desktop/app-paths';
import type { Platform } from './platform';

async function openExternal(url: string): Promise<void> {
  if (!isHttpUrl(url)) throw new Error('Only http(s) links can be opened.');
  // noopener: the opened page gets no handle on this tab.
  window.open(url, '_blank', 'noopener,noreferrer');
}

async function notify(title: string, body: string): Promise<void> {
  if (typeof Notification === 'undefined') return;
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission === 'granted') new Notification(title, { body });
}

export const browserPlatform: Platform = {
  isDesktop: false,
  openExternal,
  notify,
  setBadgeCount: async () => {},
  onNavigate: () => () => {},
  pickProjectFiles: null,
  folderLinks: null,
  serverSettings: null,
  loadSocketTransports: async () => undefined,
};
