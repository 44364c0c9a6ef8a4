import { z } from '../zod';

// ---------------------------------------------------------------------------------------------------
// oEmbed (https://oembed.com): GET /api/oembed?url=<a project, profile or post address>&format=json

export const OEMBED_MESSAGES = {
  url: 'url must be the http(s) address of a Buildboard project, profile or blog post',
  format: 'format must be json or xml',
  maxSize: 'maxwidth and maxheight must be whole numbers from 1 to 10000',
  notFound: 'No embeddable page at this url',
  xmlNotImplemented: 'Only format=json is answered',
} as const;

const maxSize = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: OEMBED_MESSAGES.maxSize }).int(OEMBED_MESSAGES.maxSize).min(1, OEMBED_MESSAGES.maxSize).max(10_000, OEMBED_MESSAGES.maxSize).optional(),
);

export const ZOembedQuerySchema = z.object({
  url: z
    .string({ error: OEMBED_MESSAGES.url })
    .trim()
    .max(2048, OEMBED_MESSAGES.url)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), OEMBED_MESSAGES.url),
  format: z.enum(['json', 'xml'], { error: OEMBED_MESSAGES.format }).default('json'),
  maxwidth: maxSize,
  maxheight: maxSize,
});
export type TOembedQuery = z.output<typeof ZOembedQuerySchema>;

/** The oEmbed answer: "rich" (an iframe of the embed card) for a project, "link" for a profile or a post. */
export const ZOembedSchema = z.object({
  version: z.literal('1.0'),
  type: z.enum(['rich', 'link']),
  title: z.string(),
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  provider_name: z.literal('Buildboard'),
  provider_url: z.string(),
  cache_age: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
  html: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type TOembed = z.infer<typeof ZOembedSchema>;

/** The embed card's frame size (the oEmbed answer's html, scaled down to maxwidth / maxheight). */
export const EMBED_SIZE = { width: 400, height: 420 } as const;

// ---------------------------------------------------------------------------------------------------
// Where a project view came from: GET /api/projects/:id?src=share|embed|feed&ref=<referrer host>

/** How a view arrived: from inside Buildboard, a link shared from it, an embed card, a feed, another site. */
export const VIEW_SOURCES = ['buildboard', 'share', 'embed', 'feed', 'site'] as const;
export type TViewSource = (typeof VIEW_SOURCES)[number];

export const VIEW_SOURCE_LABELS: Record<TViewSource, string> = {
  buildboard: 'Buildboard',
  share: 'Shared links',
  embed: 'Embeds',
  feed: 'Feeds',
  site: 'Other sites',
};

export const VIEW_SOURCE_MESSAGES = {
  src: 'src must be share, embed or feed',
  ref: 'ref must be a host name',
} as const;

/** A host name as a referrer gives it (lower-cased by the schema). */
export const REFERRER_HOST_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const ZProjectViewSourceQuerySchema = z.object({
  src: z.enum(['share', 'embed', 'feed'], { error: VIEW_SOURCE_MESSAGES.src }).optional(),
  ref: z
    .string({ error: VIEW_SOURCE_MESSAGES.ref })
    .trim()
    .toLowerCase()
    .regex(REFERRER_HOST_PATTERN, VIEW_SOURCE_MESSAGES.ref)
    .optional(),
});
export type TProjectViewSourceQuery = z.output<typeof ZProjectViewSourceQuerySchema>;

/** Views of one source in an analytics range; `domain` names the other site. */
export const ZViewSourceCountSchema = z.object({
  source: z.enum(VIEW_SOURCES),
  domain: z.string().nullable(),
  views: z.number().int(),
});
export type TViewSourceCount = z.infer<typeof ZViewSourceCountSchema>;

/** Other sites beyond this many are summed into one row without a domain. */
export const VIEW_SOURCE_DOMAINS_MAX = 10;
