// Address checks the web entry needs without loading zod (its first load stays small); the bridge's
// schemas (desktop-api.ts) are built on them.

export const APP_PATH_MAX = 200;

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A path inside the app ("/project/12", "/notifications"): no scheme, host, query or dot segments. */
export function isAppPath(value: string): boolean {
  return value.length <= APP_PATH_MAX && /^\/[A-Za-z0-9_\-/]*$/.test(value) && !value.includes('//');
}
