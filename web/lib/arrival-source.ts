/**
 * Where this page load came from, for the creator's "views by source": the `src` of a link Buildboard
 * made (a share, an embed card, a feed entry) and the referrer's host when it is another site. Told once,
 * with the first read of the project the visit landed on; moving around in the app after is Buildboard.
 */
type Arrival = { path: string; params: string };

const SOURCES = new Set(['share', 'embed', 'feed']);

function arrivalOf(): Arrival | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  const params = new URLSearchParams();
  const src = new URLSearchParams(window.location.search).get('src');
  if (src && SOURCES.has(src)) params.set('src', src);
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    if (host && host !== window.location.hostname) params.set('ref', host);
  } catch {
    // An unreadable referrer says nothing.
  }
  return params.size ? { path: window.location.pathname, params: params.toString() } : null;
}

let arrival = arrivalOf();

/** '?src=...&ref=...' for the first read of the page the visit arrived on, else ''. */
export function takeArrivalQuery(path: string): string {
  if (!arrival || arrival.path !== path) return '';
  const query = `?${arrival.params}`;
  arrival = null;
  return query;
}
