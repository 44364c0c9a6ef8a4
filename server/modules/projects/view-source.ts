import type { TProjectViewSourceQuery } from '@shared/schemas/reach';
import type { ViewSourceKey } from '../../db/view-counter';

/**
 * Where a project view came from, from what the page tells (`src` of a link Buildboard made: a share,
 * an embed card, a feed entry; `ref`, the host of the page's referrer): another site's host is
 * 'site:<host>'; our own host, or nothing said, is Buildboard itself.
 */
export function viewSourceOf(query: TProjectViewSourceQuery, ownHost: () => string): ViewSourceKey {
  if (query.src) return query.src;
  if (query.ref && query.ref !== ownHost().toLowerCase()) return `site:${query.ref}`;
  return 'buildboard';
}
