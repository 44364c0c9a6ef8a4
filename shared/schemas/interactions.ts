import { COMMENT_MAX } from '../constants';
import { z } from '../zod';

export const COMMENT_EMPTY_MESSAGE = 'Comment cannot be empty';
export const COMMENT_TOO_LONG_MESSAGE = `Comment must be ${COMMENT_MAX.toLocaleString('en-US')} characters or less`;
export const RATING_RANGE_MESSAGE = 'Rating must be a whole number from 1 to 5';
export const OWN_PROJECT_RATING_MESSAGE = 'You cannot rate your own project';
export const REACTION_TYPE_MESSAGE = 'Reaction type must be "like"';

/** POST /api/projects/:id/comments; the same schema checks the comment box before it sends. */
export const ZCommentRequestSchema = z.object({
  content: z.string().trim().min(1, COMMENT_EMPTY_MESSAGE).max(COMMENT_MAX, COMMENT_TOO_LONG_MESSAGE),
});
export type TCommentRequest = z.infer<typeof ZCommentRequestSchema>;

/** POST|DELETE /api/projects/:id/react: the only reaction is a like (a missing type means like). */
export const ZReactRequestSchema = z.object({
  type: z.literal('like', { error: REACTION_TYPE_MESSAGE }).default('like'),
});
export type TReactRequest = z.infer<typeof ZReactRequestSchema>;

/** POST /api/projects/:id/rate: a whole number of stars from 1 to 5. */
export const ZRateRequestSchema = z.object({
  rating: z.number({ error: (i) => (i.input === undefined ? 'Required' : RATING_RANGE_MESSAGE) }).int(RATING_RANGE_MESSAGE).min(1, RATING_RANGE_MESSAGE).max(5, RATING_RANGE_MESSAGE),
});
export type TRateRequest = z.infer<typeof ZRateRequestSchema>;

/** A comment as the comment list and the post answer carry it. Content is plain text, never rendered as markup. */
export const ZCommentSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  content: z.string(),
  userId: z.string(),
  userName: z.string(),
  userHandle: z.string(),
  userAvatar: z.string().nullable(),
  /** The writer is premium now: the comment shows the premium badge. */
  userIsPremium: z.boolean(),
  createdAt: z.string(),
});
export type TComment = z.infer<typeof ZCommentSchema>;

/**
 * GET /api/projects/:id/interactions: the signed-in member's state on the page (liked, saved, following), plus
 * the author's follower and following counts, which change with the follow button.
 */
export const ZInteractionsSchema = z.object({
  isFollowing: z.boolean(),
  hasReacted: z.boolean(),
  hasSaved: z.boolean(),
  authorFollowerCount: z.number().int(),
  authorFollowingCount: z.number().int(),
});
export type TInteractions = z.infer<typeof ZInteractionsSchema>;

/** GET /api/projects/:id/user-rating: the member's own rating, or null when they have not rated. */
export const ZUserRatingSchema = z.object({ rating: z.number().int().nullable() });
export type TUserRating = z.infer<typeof ZUserRatingSchema>;

/** Answer of POST|DELETE /api/projects/:id/react. */
export const ZReactResultSchema = z.object({ hasReacted: z.boolean(), reactionCount: z.number().int() });
export type TReactResult = z.infer<typeof ZReactResultSchema>;

/** Answer of POST|DELETE /api/projects/:id/save. */
export const ZSaveResultSchema = z.object({ hasSaved: z.boolean(), saveCount: z.number().int() });
export type TSaveResult = z.infer<typeof ZSaveResultSchema>;

/** Answer of POST /api/projects/:id/rate: the member's rating and the project's new average. */
export const ZRateResultSchema = z.object({
  rating: z.number().int(),
  averageRating: z.number(),
  ratingCount: z.number().int(),
});
export type TRateResult = z.infer<typeof ZRateResultSchema>;

/** Answer of POST /api/projects/:id/share. */
export const ZShareResultSchema = z.object({ shareCount: z.number().int(), sharedAt: z.string() });
export type TShareResult = z.infer<typeof ZShareResultSchema>;

/** An item of the project page's 'Recommended Projects' sidebar: only what its small card shows. */
export const ZRecommendedProjectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail: z.string(),
  authorName: z.string(),
  viewCount: z.number().int(),
  reactionCount: z.number().int(),
});
export type TRecommendedProject = z.infer<typeof ZRecommendedProjectSchema>;

/** The one-decimal average the whole product shows (0 when there are no ratings). */
export function averageOf(ratingSum: number, ratingCount: number): number {
  return ratingCount ? Math.round((ratingSum / ratingCount) * 10) / 10 : 0;
}
