// The desktop app's own settings (today: the server address), kept as JSON in the user data folder.
// The default address comes from BUILDBOARD_URL, else from the build (desktop:build writes
// build-config.json beside the compiled main when BUILDBOARD_URL is set at build time).
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isHttpUrl, type ServerSettings } from '../../shared/desktop/desktop-api';

export const SETTINGS_FILE = 'settings.json';
export const BUILD_CONFIG_FILE = 'build-config.json';

function readJson(path: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** An http(s) address as the app stores it: its origin (the server serves /api at its root), or null. */
export function normalizeServerUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || !isHttpUrl(raw.trim())) return null;
  return new URL(raw.trim()).origin;
}

/** The suggested server: BUILDBOARD_URL, else the build's default, else none. */
export function defaultServerUrl(env: Record<string, string | undefined>, buildConfigDir: string): string | null {
  return normalizeServerUrl(env.BUILDBOARD_URL) ?? normalizeServerUrl(readJson(join(buildConfigDir, BUILD_CONFIG_FILE)).defaultServerUrl);
}

export class SettingsStore {
  private serverUrl: string | null;

  constructor(
    private readonly file: string,
    private readonly defaultUrl: string | null,
  ) {
    this.serverUrl = normalizeServerUrl(readJson(file).serverUrl);
  }

  /** The saved address; null until the first-run screen saved one (it suggests the default). */
  current(): string | null {
    return this.serverUrl;
  }

  snapshot(): ServerSettings {
    return { serverUrl: this.current(), defaultUrl: this.defaultUrl };
  }

  /** Forgets the saved address, so the first-run screen shows again. */
  async clearServerUrl(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await writeFile(this.file, '{}\n', { mode: 0o600 });
    this.serverUrl = null;
  }

  async setServerUrl(raw: string): Promise<string> {
    const url = normalizeServerUrl(raw);
    if (!url) throw new TypeError('Enter an http:// or https:// address');
    await mkdir(dirname(this.file), { recursive: true });
    await writeFile(this.file, `${JSON.stringify({ serverUrl: url }, null, 2)}\n`, { mode: 0o600 });
    this.serverUrl = url;
    return url;
  }
}
