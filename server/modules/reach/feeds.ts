import { publicNameOf } from '@shared/format';
import { canView } from '../../access/access-policy';
import { cacheKeys, PUBLIC_CACHE_TTL_MS, type PublicCache } from '../../cache/public-cache';
import type { DbOrTx } from '../../db/client';
import { escapeHtml as e } from '../../http/html-escape';
import { listBlogPostRows } from '../blog/blog.repository';
import { listProjectViewsByAuthor } from '../projects/projects.repository';
import { findUserByHandleOrId } from '../users/users.repository';
import { clip, projectImageOf } from './link-preview';
import { BLOG_FEEDS, SITE_NAME } from './page-head';
import { projectPathOf } from './shared-pages';

/** How many entries a feed carries: the newest. */
export const FEED_ITEMS_MAX = 50;

type FeedItem = { projectId?: number; title: string; path: string; summary: string; published: Date; updated: Date; author: string; image: string | null };

/** A feed before it is written as RSS or Atom: paths are origin-free. */
export type Feed = { title: string; description: string; path: string; rssPath: string; atomPath: string; updated: Date; items: FeedItem[] };

/** Entries link with ?src=feed, so the creator's analytics tell feed readers apart; ids and guids stay the canonical address. */
const itemLink = (origin: string, item: FeedItem) => `${origin}${item.path}?src=feed`;
const absolute = (origin: string, url: string) => (url.startsWith('/') ? origin + url : url);

/** RSS 2.0 (with atom:link rel="self", as the RSS Advisory Board recommends). */
export function renderRss(origin: string, feed: Feed): string {
  const items = feed.items
    .map(
      (i) => `<item><title>${e(i.title)}</title><link>${e(itemLink(origin, i))}</link><guid isPermaLink="true">${e(origin + i.path)}</guid>` +
        `<description>${e(i.summary)}</description><pubDate>${i.published.toUTCString()}</pubDate><dc:creator>${e(i.author)}</dc:creator>` +
        (i.image ? `<enclosure url="${e(absolute(origin, i.image))}" length="0" type="${imageType(i.image)}"/>` : '') +
        `</item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${e(feed.title)}</title><link>${e(origin + feed.path)}</link><description>${e(feed.description)}</description>
<atom:link href="${e(origin + feed.rssPath)}" rel="self" type="application/rss+xml"/><language>en</language>
<lastBuildDate>${feed.updated.toUTCString()}</lastBuildDate>
${items}
</channel></rss>
`;
}

/** Atom 1.0 (RFC 4287). */
export function renderAtom(origin: string, feed: Feed): string {
  const entries = feed.items
    .map(
      (i) => `<entry><title>${e(i.title)}</title><link rel="alternate" type="text/html" href="${e(itemLink(origin, i))}"/><id>${e(origin + i.path)}</id>` +
        `<published>${i.published.toISOString()}</published><updated>${i.updated.toISOString()}</updated><author><name>${e(i.author)}</name></author>` +
        `<summary>${e(i.summary)}</summary></entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${e(feed.title)}</title><subtitle>${e(feed.description)}</subtitle>
<link rel="alternate" type="text/html" href="${e(origin + feed.path)}"/><link rel="self" type="application/atom+xml" href="${e(origin + feed.atomPath)}"/>
<id>${e(origin + feed.path)}</id><updated>${feed.updated.toISOString()}</updated><author><name>${SITE_NAME}</name></author>
${entries}
</feed>
`;
}

function imageType(url: string): string {
  const ext = /\.(png|jpe?g|gif|webp)(\?|$)/i.exec(url)?.[1]?.toLowerCase();
  return ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext ? `image/${ext}` : 'image/png';
}

/** The newest date of the items, or the epoch for an empty feed (so its answer does not change per request). */
const newest = (items: FeedItem[]) => new Date(Math.max(0, ...items.map((i) => i.updated.getTime())));

/** The blog's feed (its newest posts), cached until a post is written. */
export function readBlogFeed(deps: { db: DbOrTx; cache: PublicCache }): Promise<Feed> {
  const load = async (): Promise<Feed> => {
    const posts = await listBlogPostRows(deps.db, { limit: FEED_ITEMS_MAX, offset: 0 });
    const items = posts.map((p) => ({
      title: p.title,
      path: `/blog/${p.slug}`,
      summary: p.excerpt,
      published: p.publishedAt,
      updated: p.updatedAt > p.publishedAt ? p.updatedAt : p.publishedAt,
      author: p.authorName,
      image: null,
    }));
    return { title: BLOG_FEEDS.title, description: `News and stories from ${SITE_NAME}.`, path: '/blog', rssPath: BLOG_FEEDS.rss, atomPath: BLOG_FEEDS.atom, updated: newest(items), items };
  };
  return deps.cache.read(cacheKeys.feed('blog'), load, { ttlMs: PUBLIC_CACHE_TTL_MS.blog });
}

/**
 * A creator's feed (their newest projects), or null when the profile is unknown or hidden from
 * visitors (a suspended member); cached until a write to one of the projects or any other write.
 */
export function readCreatorFeed(deps: { db: DbOrTx; cache: PublicCache }, key: string): Promise<Feed | null> {
  const load = async (): Promise<Feed | null> => {
    const u = await findUserByHandleOrId(deps.db, key);
    if (!u || !canView(undefined, { kind: 'profile', id: u.id, isSuspended: u.isSuspended, deletedAt: u.deletedAt })) return null;
    const name = publicNameOf(u);
    // A feed links to project pages, never to hosted files: the cards' preview address is not used.
    const rows = (await listProjectViewsByAuthor(deps.db, u.id, undefined)).slice(0, FEED_ITEMS_MAX);
    const path = `/profile/${u.handle}`;
    const items = rows.map((p) => {
      const published = new Date(p.createdAt);
      const updated = p.updatedAt && new Date(p.updatedAt) > published ? new Date(p.updatedAt) : published;
      return { projectId: p.id, title: p.title, path: projectPathOf(p.id), summary: clip(p.description, 500), published, updated, author: name, image: projectImageOf(p) };
    });
    return { title: `${name} on ${SITE_NAME}`, description: `Projects published by ${name} on ${SITE_NAME}.`, path, rssPath: `${path}/feed.xml`, atomPath: `${path}/atom.xml`, updated: newest(items), items };
  };
  return deps.cache.read(cacheKeys.feed(`creator:${key}`), load, { ttlMs: PUBLIC_CACHE_TTL_MS.profile, shows: (f) => f?.items.flatMap((i) => (i.projectId ? [i.projectId] : [])) ?? [] });
}
