import { EMBED_SIZE, OEMBED_MESSAGES, type TOembed, type TOembedQuery } from '@shared/schemas/reach';
import type { PublicCache } from '../../cache/public-cache';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { escapeHtml as e } from '../../http/html-escape';
import { CARD_IMAGE } from './card-image';
import { readLinkPreview } from './link-preview';
import { SITE_NAME } from './page-head';
import { sharedPageOf } from './shared-pages';

/** How long a consumer may keep an answer (seconds): titles and counts change. */
export const OEMBED_CACHE_AGE = 3600;

/**
 * The oEmbed answer for a page of this site (`origin`): a project as a "rich" iframe of its embed card,
 * a profile or a post as a "link". 501 for format=xml (the spec's answer to a format not offered), 404
 * for an address elsewhere, of another page, or of a hidden or deleted one.
 */
export async function getOembed(deps: { db: DbOrTx; cache: PublicCache }, origin: string, query: TOembedQuery): Promise<TOembed> {
  if (query.format === 'xml') throw AppError.notImplemented(OEMBED_MESSAGES.xmlNotImplemented);
  const url = new URL(query.url);
  if (url.origin !== origin) throw AppError.notFound(OEMBED_MESSAGES.notFound);
  const page = sharedPageOf(url.pathname);
  const preview = page && (await readLinkPreview(deps, page));
  if (!page || !preview) throw AppError.notFound(OEMBED_MESSAGES.notFound);
  const absolute = (u: string) => (u.startsWith('/') ? origin + u : u);
  const base = {
    version: '1.0' as const,
    title: preview.title,
    provider_name: SITE_NAME,
    provider_url: origin,
    cache_age: OEMBED_CACHE_AGE,
    ...(preview.authorName ? { author_name: preview.authorName } : {}),
    ...(preview.authorPath ? { author_url: origin + preview.authorPath } : {}),
  };
  const thumbnail = preview.image.startsWith('/og/')
    ? { thumbnail_url: absolute(preview.image), thumbnail_width: CARD_IMAGE.width, thumbnail_height: CARD_IMAGE.height }
    : {};
  if (page.kind !== 'project') return { ...base, type: 'link', ...thumbnail };
  const width = Math.min(EMBED_SIZE.width, query.maxwidth ?? EMBED_SIZE.width);
  const height = Math.min(EMBED_SIZE.height, query.maxheight ?? EMBED_SIZE.height);
  const src = `${origin}/embed/project/${page.id}`;
  const html = `<iframe src="${e(src)}" width="${width}" height="${height}" title="${e(preview.title)} on ${SITE_NAME}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
  return { ...base, type: 'rich', html, width, height, ...thumbnail };
}
