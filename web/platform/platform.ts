// What the UI may ask of the host it runs in. Features import `platform` from web/platform and
// never check for Electron themselves.
import type { PickFilesOptions } from '@shared/desktop/desktop-api';

export type { PickFilesOptions };

export interface Platform {
  /** True inside the desktop app. */
  readonly isDesktop: boolean;
  /** Opens an http(s) URL outside the app (new tab, or the system browser); other URLs throw. */
  openExternal(url: string): Promise<void>;
  /** Shows a system notification; silently does nothing where notifications are not allowed. */
  notify(title: string, body: string): Promise<void>;
  /** Asks the user for files; [] when cancelled. Throws when the pick breaks the upload limits. */
  pickFiles(options?: PickFilesOptions): Promise<File[]>;
}
