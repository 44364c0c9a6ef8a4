// The typed `window.desktop` bridge between the desktop shell (Electron) and the web UI.
// Pure types and constants: this file must stay free of node, DOM and electron imports,
// because the main process, the preload script and the browser bundle all compile it.
import { MAX_FILE_BYTES, MAX_PROJECT_FILES } from '../constants';

export { MAX_FILE_BYTES, MAX_PROJECT_FILES };

/** One IPC channel per bridge method, keyed by the method name. */
export const DESKTOP_CHANNELS = {
  getInfo: 'desktop:get-info',
  openExternal: 'desktop:open-external',
  notify: 'desktop:notify',
  pickFiles: 'desktop:pick-files',
} as const;

export type DesktopChannels = typeof DESKTOP_CHANNELS;
export type DesktopChannel = DesktopChannels[keyof DesktopChannels];

// Notification text is short UI copy; the caps stop a page from flooding the OS with megabytes.
export const NOTIFY_TITLE_MAX = 120;
export const NOTIFY_BODY_MAX = 500;

export type DesktopInfo = {
  /** Operating system as Node names it: 'darwin', 'win32', 'linux'. */
  platform: string;
  /** Version of the desktop app. */
  version: string;
};

export type NotifyInput = { title: string; body: string };

export type PickFilesOptions = {
  /** File extensions without the dot, e.g. ['html', 'png']; omitted or empty means any file. */
  accept?: string[];
  multiple?: boolean;
};

export type PickedFile = {
  name: string;
  /** MIME type guessed from the extension; '' when unknown (as a browser File would have). */
  type: string;
  data: Uint8Array<ArrayBuffer>;
};

export interface DesktopApi {
  getInfo(): Promise<DesktopInfo>;
  /** Opens an http(s) URL in the system browser; other schemes are rejected. */
  openExternal(url: string): Promise<void>;
  /** Shows a native notification. */
  notify(input: NotifyInput): Promise<void>;
  /** Lets the user choose files and returns their contents; [] when the dialog is cancelled. */
  pickFiles(options?: PickFilesOptions): Promise<PickedFile[]>;
}

/** An extension as `accept` takes it: letters and digits only, no dot. */
export const ACCEPT_EXTENSION_PATTERN = /^[a-z0-9]{1,16}$/i;

/** True for absolute http: and https: URLs, the only ones openExternal lets out of the app. */
export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The rules every file picker enforces, so the browser and the desktop reject the same picks
 * with the same message (a browser's `accept` is only a hint). Returns null when the files pass.
 */
export function checkPickedFiles(
  files: readonly { name: string; size: number }[],
  options: PickFilesOptions = {},
): string | null {
  const max = options.multiple ? MAX_PROJECT_FILES : 1;
  if (files.length > max) return max === 1 ? 'Choose one file.' : `Choose at most ${max} files.`;
  const accept = (options.accept ?? []).map((ext) => ext.toLowerCase());
  const wrongType = accept.length > 0 && files.find((f) => !accept.includes(extensionOf(f.name)));
  if (wrongType) return `${wrongType.name} is not an accepted file type (${accept.join(', ')}).`;
  const tooBig = files.find((f) => f.size > MAX_FILE_BYTES);
  if (tooBig) return `${tooBig.name} is larger than ${MAX_FILE_BYTES / (1024 * 1024)} MB.`;
  return null;
}
