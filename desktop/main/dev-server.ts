// `npm run desktop:dev`: where the window's UI comes from while Vite serves it with hot reload.

/**
 * The Vite dev server of `npm run desktop:dev` (vite-plugin-electron sets VITE_DEV_SERVER_URL), whose
 * renderer app:// then serves with hot reload; never in a packaged app.
 */
export function devServerUrl(env: Record<string, string | undefined>, packaged: boolean): string | undefined {
  const url = env.VITE_DEV_SERVER_URL;
  if (packaged || !url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.hostname === 'localhost' || parsed.hostname === '127.0.0.1' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
