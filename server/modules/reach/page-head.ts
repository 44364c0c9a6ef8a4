import { escapeHtml as e } from '../../http/html-escape';
import { CARD_IMAGE } from './card-image';
import type { LinkPreview } from './link-preview';

export const SITE_NAME = 'Buildboard' as const;

/** The blog's feeds, offered on the blog's pages. */
export const BLOG_FEEDS = { rss: '/blog/feed.xml', atom: '/blog/atom.xml', title: 'The Buildboard blog' } as const;

const absolute = (origin: string, url: string) => (url.startsWith('/') ? `${origin}${url}` : url);

function feedLinks(origin: string, feeds: { rss: string; atom: string; title: string }): string {
  return (
    `<link rel="alternate" type="application/rss+xml" title="${e(feeds.title)} (RSS)" href="${e(origin + feeds.rss)}">` +
    `<link rel="alternate" type="application/atom+xml" title="${e(feeds.title)} (Atom)" href="${e(origin + feeds.atom)}">`
  );
}

/**
 * The head of a shared page: its title, description and canonical address, Open Graph and Twitter card
 * tags, the oEmbed discovery link and its feeds. Every value is escaped (titles and bios are user text).
 */
export function previewHeadTags(origin: string, p: LinkPreview): { title: string; tags: string } {
  const url = `${origin}${p.path}`;
  const image = absolute(origin, p.image);
  const generated = p.image.startsWith('/og/');
  const tags = [
    `<meta name="description" content="${e(p.description)}">`,
    `<link rel="canonical" href="${e(url)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:type" content="${p.kind === 'profile' ? 'profile' : 'article'}">`,
    `<meta property="og:title" content="${e(p.title)}">`,
    `<meta property="og:description" content="${e(p.description)}">`,
    `<meta property="og:url" content="${e(url)}">`,
    `<meta property="og:image" content="${e(image)}">`,
    `<meta property="og:image:alt" content="${e(p.imageAlt)}">`,
    ...(generated ? [`<meta property="og:image:width" content="${CARD_IMAGE.width}">`, `<meta property="og:image:height" content="${CARD_IMAGE.height}">`] : []),
    ...(p.publishedAt ? [`<meta property="article:published_time" content="${e(p.publishedAt)}">`] : []),
    ...(p.authorName && p.kind !== 'profile' ? [`<meta property="article:author" content="${e(p.authorPath ? origin + p.authorPath : p.authorName)}">`] : []),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${e(p.title)}">`,
    `<meta name="twitter:description" content="${e(p.description)}">`,
    `<meta name="twitter:image" content="${e(image)}">`,
    `<meta name="twitter:image:alt" content="${e(p.imageAlt)}">`,
    `<link rel="alternate" type="application/json+oembed" href="${e(`${origin}/api/oembed?url=${encodeURIComponent(url)}&format=json`)}" title="${e(p.title)}">`,
    ...(p.feeds ? [feedLinks(origin, p.feeds)] : []),
    ...(p.kind === 'blog' ? [feedLinks(origin, BLOG_FEEDS)] : []),
  ];
  return { title: `${p.title} · ${SITE_NAME}`, tags: tags.join('') };
}

/** The blog list's head: its feeds. */
export function blogListHeadTags(origin: string): string {
  return feedLinks(origin, BLOG_FEEDS);
}

/**
 * The SPA's index.html with a page's title and tags: its <title> and generic description replaced, the
 * tags placed before </head>.
 */
export function withHead(indexHtml: string, head: { title?: string; tags: string }): string {
  let html = indexHtml;
  if (head.title !== undefined) {
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${e(head.title)}</title>`);
    html = html.replace(/<meta name="description"[^>]*>/, '');
  }
  // Replacer functions: user text holding `$&` must stay text.
  return html.replace('</head>', () => `${head.tags}</head>`);
}
