// The typed `window.desktop` bridge between the desktop shell (Electron) and the web UI, and the zod
// schemas the main process validates every bridge call with. Free of node, DOM and electron imports:
// the main process, the preload script (types only) and the browser bundle all compile it.
import { APP_PATH_MAX, isAppPath, isHttpUrl } from './app-paths';
import { z } from '../zod';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES } from '../constants';
import { FOLDER_LINK_ID, type FolderScan, type LinkedFolder } from './folder-link';

export { MAX_FILE_BYTES, MAX_PROJECT_FILES };

/** One IPC channel per bridge method (renderer -> main, invoke/handle), keyed by the method name. */
export const DESKTOP_CHANNELS = {
  openExternal: 'desktop:open-external',
  notify: 'desktop:notify',
  setBadgeCount: 'desktop:set-badge-count',
  pickProjectFiles: 'desktop:pick-project-files',
  getServerSettings: 'desktop:get-server-settings',
  setServerUrl: 'desktop:set-server-url',
  linkFolder: 'desktop:link-folder',
  scanLinkedFolder: 'desktop:scan-linked-folder',
  readLinkedFiles: 'desktop:read-linked-files',
  watchLinkedFolder: 'desktop:watch-linked-folder',
  unlinkFolder: 'desktop:unlink-folder',
} as const;

/** The one event main sends to the page (main -> renderer): go to an app path. */
export const DESKTOP_NAVIGATE_EVENT = 'desktop:navigate';
/** Main -> renderer: a watched linked folder changed (carries the link id). */
export const DESKTOP_FOLDER_CHANGED_EVENT = 'desktop:folder-changed';

export type DesktopChannels = typeof DESKTOP_CHANNELS;
export type DesktopChannel = DesktopChannels[keyof DesktopChannels];

/** The bundled UI's own origin inside the desktop app (a privileged standard scheme). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'buildboard';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The deep-link scheme: buildboard://project/{id} opens /project/{id}. */
export const DEEP_LINK_SCHEME = 'buildboard';

// Notification text is short UI copy; the caps stop a page from flooding the OS with megabytes.
export const NOTIFY_TITLE_MAX = 120;
export const NOTIFY_BODY_MAX = 500;
const URL_MAX = 2048;
export const BADGE_COUNT_MAX = 9999;

/** True for absolute http: and https: URLs, the only ones openExternal lets out of the app. */
export { isHttpUrl };

/** An absolute http(s) URL (openExternal, the server address). */
export const ZHttpUrlSchema = z
  .string()
  .trim()
  .max(URL_MAX)
  .refine(isHttpUrl, 'Enter an http:// or https:// address');

/** A path inside the app ("/project/12", "/notifications"): no scheme, host, query or dot segments. */
export const ZAppPathSchema = z.string().max(APP_PATH_MAX).refine(isAppPath, 'expected an app path');

export const ZNotifyInputSchema = z.strictObject({
  title: z.string().trim().min(1).max(NOTIFY_TITLE_MAX),
  body: z.string().max(NOTIFY_BODY_MAX),
  /** Where clicking the notification takes the window. */
  target: ZAppPathSchema.optional(),
});
export type NotifyInput = z.input<typeof ZNotifyInputSchema>;

export const ZBadgeCountSchema = z.number().int().min(0).max(BADGE_COUNT_MAX);

export const ZPickProjectFilesSchema = z.strictObject({ kind: z.enum(['files', 'folder']) });
export type PickProjectFilesOptions = z.infer<typeof ZPickProjectFilesSchema>;

export const ZFolderLinkIdSchema = z.string().regex(FOLDER_LINK_ID);
/** Paths inside a linked folder, at most one project's worth. */
export const ZLinkedPathsSchema = z.array(z.string().min(1).max(255)).max(MAX_PROJECT_FILES);

/** The argument lists of each channel, validated in the main process before a handler runs. */
export const DESKTOP_ARGS = {
  [DESKTOP_CHANNELS.openExternal]: z.tuple([ZHttpUrlSchema]),
  [DESKTOP_CHANNELS.notify]: z.tuple([ZNotifyInputSchema]),
  [DESKTOP_CHANNELS.setBadgeCount]: z.tuple([ZBadgeCountSchema]),
  [DESKTOP_CHANNELS.pickProjectFiles]: z.tuple([ZPickProjectFilesSchema]),
  [DESKTOP_CHANNELS.getServerSettings]: z.tuple([]),
  [DESKTOP_CHANNELS.setServerUrl]: z.tuple([ZHttpUrlSchema]),
  [DESKTOP_CHANNELS.linkFolder]: z.tuple([]),
  [DESKTOP_CHANNELS.scanLinkedFolder]: z.tuple([ZFolderLinkIdSchema]),
  [DESKTOP_CHANNELS.readLinkedFiles]: z.tuple([ZFolderLinkIdSchema, ZLinkedPathsSchema]),
  [DESKTOP_CHANNELS.watchLinkedFolder]: z.tuple([ZFolderLinkIdSchema]),
  [DESKTOP_CHANNELS.unlinkFolder]: z.tuple([ZFolderLinkIdSchema]),
} satisfies Record<DesktopChannel, z.ZodType<unknown[]>>;

/**
 * A file read from disk for native hosting. `path` is relative to the chosen folder ("css/app.css"),
 * or the bare name for single files. `data` is null when main did not read the bytes because the pick
 * already breaks the rules (a file over 5 MB, more than 20 files): the UI then shows the spec's error.
 */
export type DiskFile = { path: string; size: number; type: string; data: Uint8Array<ArrayBuffer> | null };

export type ServerSettings = {
  /** The server the app talks to, or null before the first-run screen saved one. */
  serverUrl: string | null;
  /** The address the first-run screen suggests (BUILDBOARD_URL or the build's default). */
  defaultUrl: string | null;
};

export interface DesktopApi {
  /** Opens an http(s) URL in the system browser; other schemes are rejected. */
  openExternal(url: string): Promise<void>;
  /** Shows a native notification; clicking it focuses the window on `target`. */
  notify(input: NotifyInput): Promise<void>;
  /** The dock/taskbar badge; 0 clears it. */
  setBadgeCount(count: number): Promise<void>;
  /** A native dialog for files or one folder (walked recursively); [] when cancelled. */
  pickProjectFiles(options: PickProjectFilesOptions): Promise<DiskFile[]>;
  getServerSettings(): Promise<ServerSettings>;
  /** Saves the server address and reloads the app against it. */
  setServerUrl(url: string): Promise<void>;
  /** Calls `listener` with an app path when a notification click or deep link asks to go there. */
  onNavigate(listener: (path: string) => void): () => void;
  /** A native dialog to link a folder (a draft or hosted project follows it); null when cancelled. */
  linkFolder(): Promise<LinkedFolder | null>;
  /** The linked folder's files under the upload rules, and what is skipped with why. */
  scanLinkedFolder(linkId: string): Promise<FolderScan>;
  /** The bytes of some of the folder's files (only ones its scan takes). */
  readLinkedFiles(linkId: string, paths: string[]): Promise<DiskFile[]>;
  /** Starts watching; onFolderChanged then fires after each settled change. */
  watchLinkedFolder(linkId: string): Promise<void>;
  /** Stops watching and forgets the link. */
  unlinkFolder(linkId: string): Promise<void>;
  /** Calls `listener` with a link id when its watched folder changed. */
  onFolderChanged(listener: (linkId: string) => void): () => void;
}

/** The app path of a deep link (buildboard://project/12 -> /project/12), or null when unsupported. */
export function deepLinkPath(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null;
  // buildboard://project/12 parses with host "project"; buildboard:/project/12 without one.
  const path = `${url.host ? `/${url.host}` : ''}${url.pathname}`.replace(/\/+$/, '');
  const match = /^\/project\/([1-9]\d{0,15})$/.exec(path);
  return match ? `/project/${match[1]}` : null;
}
