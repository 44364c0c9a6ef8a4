import { VIEW_SOURCE_DOMAINS_MAX, VIEW_SOURCES, type TViewSource, type TViewSourceCount } from '@shared/schemas/reach';

/**
 * The stored sources ('buildboard', 'share', 'embed', 'feed', 'site:<host>'), most views first, as the
 * analytics answer lists them: other sites by host, the VIEW_SOURCE_DOMAINS_MAX biggest, the rest summed
 * in one row without a host.
 */
export function sourceCounts(rows: readonly { source: string; views: number }[]): TViewSourceCount[] {
  const out: TViewSourceCount[] = [];
  let otherSites = 0;
  let sites = 0;
  for (const { source, views } of rows) {
    const n = Number(views);
    if (source.startsWith('site:')) {
      if (sites++ < VIEW_SOURCE_DOMAINS_MAX) out.push({ source: 'site', domain: source.slice('site:'.length), views: n });
      else otherSites += n;
    } else if ((VIEW_SOURCES as readonly string[]).includes(source)) {
      out.push({ source: source as TViewSource, domain: null, views: n });
    }
  }
  if (otherSites > 0) out.push({ source: 'site', domain: null, views: otherSites });
  return out;
}
