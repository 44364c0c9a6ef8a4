// Free of zod, so the web entry stays small.

/**
 * Only same-origin paths may be a post-login destination (no open redirect). Control characters and
 * backslashes are refused outright (browsers strip tabs and newlines and read `\\` as `/`, which turned
 * `/\t/evil.example` into `//evil.example`); what is left must resolve to a path on our own origin.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(value, 'http://same.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://same.invalid' || url.pathname.startsWith('//')) return '/';
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith('/api/') || path === '/api') return '/';
  return path;
}
