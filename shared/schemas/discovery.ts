import { PAGE_SIZE, RECOMMENDED_LIMIT_MAX, RECOMMENDED_OFFSET_MAX, SEARCH_QUERY_MAX } from '../constants';
import { z } from '../zod';
import { ZProjectSchema } from './project';

/** How many projects the Trending carousel and the Following carousel carry. */
export const TRENDING_LIMIT = 20;
export const FOLLOWING_LIMIT = 50;
/** At most this many projects and this many comments answer one search (its counts). */
export const SEARCH_RESULTS_MAX = 50;
/** A search's answer shows this many of each first; 'Show more' asks for the next as many. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_SECTIONS = ['projects', 'comments'] as const;
export type TSearchSection = (typeof SEARCH_SECTIONS)[number];

export const RECOMMENDED_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${RECOMMENDED_LIMIT_MAX}`;
export const RECOMMENDED_OFFSET_MESSAGE = `offset must be a whole number from 0 to ${RECOMMENDED_OFFSET_MAX.toLocaleString('en-US')}`;
export const SEARCH_QUERY_TOO_LONG_MESSAGE = `Search query must be ${SEARCH_QUERY_MAX} characters or less`;
export const SEARCH_OFFSET_MESSAGE = `offset must be a whole number from 0 to ${SEARCH_RESULTS_MAX}`;
export const SEARCH_ONLY_MESSAGE = `only must be one of ${SEARCH_SECTIONS.join(', ')}`;

/** A whole number in a query string ("8"), or the value itself so that the number check names it. */
const wholeNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

/** GET /api/projects/recommended?limit&offset: page size 8 from offset 0 unless asked otherwise. */
export const ZRecommendedQuerySchema = z.object({
  limit: z.preprocess(
    wholeNumber,
    z
      .number({ error: RECOMMENDED_LIMIT_MESSAGE })
      .int(RECOMMENDED_LIMIT_MESSAGE)
      .min(1, RECOMMENDED_LIMIT_MESSAGE)
      .max(RECOMMENDED_LIMIT_MAX, RECOMMENDED_LIMIT_MESSAGE)
      .default(PAGE_SIZE),
  ),
  offset: z.preprocess(
    wholeNumber,
    z
      .number({ error: RECOMMENDED_OFFSET_MESSAGE })
      .int(RECOMMENDED_OFFSET_MESSAGE)
      .min(0, RECOMMENDED_OFFSET_MESSAGE)
      .max(RECOMMENDED_OFFSET_MAX, RECOMMENDED_OFFSET_MESSAGE)
      .default(0),
  ),
});
export type TRecommendedQuery = z.output<typeof ZRecommendedQuerySchema>;

/**
 * GET /api/search?q=&offset=&only=: q trimmed; blank means "no search"; longer than 200 characters is
 * refused. offset: where the page starts in each section's ranking; only: one section's page alone
 * ('Show more'), the other section's list empty.
 */
export const ZSearchQuerySchema = z.object({
  q: z.preprocess(
    (v) => (v === undefined || v === null ? '' : Array.isArray(v) ? v[0] : v),
    z.string({ error: 'q must be text' }).trim().max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG_MESSAGE),
  ),
  offset: z.preprocess(
    wholeNumber,
    z.number({ error: SEARCH_OFFSET_MESSAGE }).int(SEARCH_OFFSET_MESSAGE).min(0, SEARCH_OFFSET_MESSAGE).max(SEARCH_RESULTS_MAX, SEARCH_OFFSET_MESSAGE).default(0),
  ),
  only: z.enum(SEARCH_SECTIONS, { error: SEARCH_ONLY_MESSAGE }).optional(),
});
export type TSearchQuery = z.output<typeof ZSearchQuerySchema>;

/** A comment found by search, with its projectId so a result opens the project it belongs to. */
export const ZSearchCommentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  userName: z.string(),
  userAvatar: z.string().nullable(),
  createdAt: z.string(),
  projectId: z.number().int(),
});
export type TSearchComment = z.infer<typeof ZSearchCommentSchema>;

/** A page of each section, and how many each found in all (at most SEARCH_RESULTS_MAX). */
export const ZSearchResultsSchema = z.object({
  projects: z.array(ZProjectSchema),
  comments: z.array(ZSearchCommentSchema),
  projectCount: z.number().int(),
  commentCount: z.number().int(),
});
export type TSearchResults = z.infer<typeof ZSearchResultsSchema>;
