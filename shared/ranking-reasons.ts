// Why a project is on a member's More for you or on Trending, and what the card says for each reason.
// Kept apart from the zod schema (shared/schemas/ranking-reason.ts) so the cards load no zod.

/**
 * The parts of a project's score that ranked it, as the server computed them (never re-derived by a
 * client).
 */
export const RANKING_REASONS = ['followed_creator', 'liked_category', 'liked_creator', 'similar_members', 'popular', 'premium_boost'] as const;
export type TRankingReason = (typeof RANKING_REASONS)[number];

/** What "Why am I seeing this?" says for each reason. */
export const RANKING_REASON_LABELS: Record<TRankingReason, string> = {
  followed_creator: 'A creator you follow',
  liked_category: 'A category you liked',
  liked_creator: "A creator whose work you've liked",
  similar_members: 'Liked by members who like what you like',
  popular: 'Popular this week',
  premium_boost: 'Premium boost',
};

export const WHY_SEEING_THIS = 'Why am I seeing this?';
