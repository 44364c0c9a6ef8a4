import { formatCount } from '@shared/format';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, type PublicCache } from '../../cache/public-cache';
import type { DbOrTx } from '../../db/client';
import { escapeHtml as e } from '../../http/html-escape';
import { findPublicProject, projectImageOf } from './link-preview';
import { SITE_NAME } from './page-head';
import { projectPathOf } from './shared-pages';

/** What the embed card shows of a project. */
export type EmbedCard = { id: number; title: string; authorName: string; authorHandle: string; image: string; likes: number; views: number; comments: number; category: string };

/** The embed card of a project visitors may see, or null; cached until a write to the project. */
export function readEmbedCard(deps: { db: DbOrTx; cache: PublicCache }, id: number): Promise<EmbedCard | null> {
  const load = async (): Promise<EmbedCard | null> => {
    const p = await findPublicProject(deps.db, id);
    if (!p) return null;
    return {
      id: p.id,
      title: p.title,
      authorName: p.card.authorName,
      authorHandle: p.card.authorHandle,
      image: projectImageOf(p),
      likes: p.reactionCount,
      views: p.viewCount,
      comments: p.commentCount,
      category: p.category,
    };
  };
  return deps.cache.read(cacheKeys.embedCard(id), load, { ttlMs: PUBLIC_CACHE_TTL_MS.project, shows: () => [id] });
}

const STYLE = `
:root{color-scheme:light dark;--fg:#111827;--muted:#4b5563;--bg:#ffffff;--line:#d1d5db;--link:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--fg:#f9fafb;--muted:#d1d5db;--bg:#111827;--line:#374151;--link:#93c5fd}}
*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{border:1px solid var(--line);border-radius:12px;overflow:hidden;max-width:400px}
img{display:block;width:100%;aspect-ratio:1200/630;object-fit:cover;background:var(--line)}
.body{padding:12px 14px}h1{font-size:18px;margin:0 0 4px}p{margin:0 0 8px;color:var(--muted)}
a{color:var(--link);font-weight:600}`;

/** The embed card as a page of its own: no script, every value escaped, links open the project on Buildboard. */
export function renderEmbedPage(origin: string, card: EmbedCard): string {
  const image = card.image.startsWith('/') ? origin + card.image : card.image;
  // Views that come through the card are told apart in the creator's analytics.
  const link = `${origin}${projectPathOf(card.id)}?src=embed`;
  const profile = `${origin}/profile/${encodeURIComponent(card.authorHandle)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(card.title)} · ${SITE_NAME}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main>
<img src="${e(image)}" alt="" width="400" height="210">
<div class="body">
<h1>${e(card.title)}</h1>
<p>by <a href="${e(profile)}" target="_blank" rel="noopener">${e(card.authorName)}</a> · ${e(card.category)}</p>
<p>${e(formatCount(card.likes))} likes · ${e(formatCount(card.views))} views</p>
<a href="${e(link)}" target="_blank" rel="noopener">View on ${SITE_NAME}</a>
</div></main></body></html>`;
}

/** The page a hidden or deleted project's embed shows. */
export function renderEmbedGone(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${SITE_NAME}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main><div class="body"><h1>This project is not available</h1></div></main></body></html>`;
}

/**
 * The embed's own headers: only this page may be framed by other sites (frame-ancestors *, no
 * X-Frame-Options), with a CSP that allows no script at all; shared caches may keep it a few minutes.
 */
export const EMBED_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *",
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Cache-Control': 'public, max-age=300',
};
