// What the UI may ask of the host it runs in. Features import `platform` from web/platform and
// never check for Electron themselves.
import type { ManagerOptions } from 'socket.io-client';
import type { ServerSettings } from '@shared/desktop/desktop-api';
import type { FolderScan, LinkedFolder } from '@shared/desktop/folder-link';

export type { FolderScan, LinkedFolder, ServerSettings };

/** A file read from disk for native hosting; `file` is null when its bytes were not read (it breaks a rule). */
export type ProjectDiskFile = { path: string; size: number; file: File | null };

export interface ServerSettingsApi {
  get(): Promise<ServerSettings>;
  /** Saves the address; the app then starts again against it. */
  set(url: string): Promise<void>;
}

/** Folders on disk that a draft or hosted project follows (desktop only). */
export interface FolderLinksApi {
  /** A native dialog; null when cancelled. */
  link(): Promise<LinkedFolder | null>;
  scan(linkId: string): Promise<FolderScan>;
  /** The files at these paths (all must be files the scan takes), as files the form keeps. */
  read(linkId: string, paths: string[]): Promise<ProjectDiskFile[]>;
  watch(linkId: string): Promise<void>;
  unlink(linkId: string): Promise<void>;
  /** Calls `listener` with a link id each time its watched folder changed. */
  onChanged(listener: (linkId: string) => void): () => void;
}

export interface Platform {
  /** True inside the desktop app. */
  readonly isDesktop: boolean;
  /** Opens an http(s) URL outside the app (new tab, or the system browser); other URLs throw. */
  openExternal(url: string): Promise<void>;
  /** Shows a system notification; clicking it shows `target` (desktop). Does nothing where not allowed. */
  notify(title: string, body: string, target?: string): Promise<void>;
  /** The unread count on the dock/taskbar icon (desktop); 0 clears it. */
  setBadgeCount(count: number): Promise<void>;
  /** Calls `listener` with an app path when the host asks to show one (notification click, deep link). */
  onNavigate(listener: (path: string) => void): () => void;
  /** Native dialogs for project files or a whole folder (desktop only; null in a browser). */
  readonly pickProjectFiles: ((kind: 'files' | 'folder') => Promise<ProjectDiskFile[]>) | null;
  /** Linked folders (desktop only; null in a browser). */
  readonly folderLinks: FolderLinksApi | null;
  /** The server address setting (desktop only; a browser talks to the server that served it). */
  readonly serverSettings: ServerSettingsApi | null;
  /** Socket.IO transports to use (default: Socket.IO's own); the desktop's app:// protocol forwards long-polling only. */
  readonly loadSocketTransports: () => Promise<ManagerOptions['transports'] | undefined>;
}
