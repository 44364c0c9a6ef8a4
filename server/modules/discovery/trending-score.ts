import { sql, type SQL } from 'drizzle-orm';
import { VISIBILITY_BOOST } from '@shared/constants';
import { PREMIUM_NOW_SQL } from '../../access/premium';

/**
 * The trending ("hot") score, in one place. It ranks projects exactly like
 *
 *   boost * points * 2^(-ageHours / HALF_LIFE_HOURS)
 *
 * (a Reddit-style exponential time decay) but is stored as its base-2 logarithm,
 *
 *   score = log2(boost * points) + (createdAt - EPOCH) / HALF_LIFE
 *
 * because that form does not depend on "now": a stored score never goes stale as time passes, the
 * order of two scores is the order of their decayed popularity at any moment, and a project only
 * needs a new score when its counters or its author's premium status change.
 *
 * points = 1 + 0.1 views + 1 like + 2 comments + 2 saves + 3 shares + 0.4 per rating star
 *   (the 1 lets a new project with no interactions rank by its age; a 5-star rating is worth 2 points)
 * boost  = VISIBILITY_BOOST (3) when the author is premium now, else 1: applied once, here only.
 */
export const TRENDING = {
  epoch: '2025-01-01T00:00:00Z',
  halfLifeHours: 72,
  base: 1,
  weights: { view: 0.1, like: 1, comment: 2, save: 2, share: 3, ratingStar: 0.4 },
} as const;

const EPOCH_MS = Date.parse(TRENDING.epoch);
const HALF_LIFE_S = TRENDING.halfLifeHours * 3600;

export type TrendingInputs = {
  viewCount: number;
  reactionCount: number;
  commentCount: number;
  saveCount: number;
  shareCount: number;
  ratingSum: number;
  createdAt: Date;
  authorIsPremium: boolean;
};

export function trendingPoints(p: Omit<TrendingInputs, 'createdAt' | 'authorIsPremium'>): number {
  const w = TRENDING.weights;
  return (
    TRENDING.base +
    w.view * p.viewCount +
    w.like * p.reactionCount +
    w.comment * p.commentCount +
    w.save * p.saveCount +
    w.share * p.shareCount +
    w.ratingStar * p.ratingSum
  );
}

/** The score the database stores for these inputs (the SQL below computes the same). */
export function trendingScoreOf(p: TrendingInputs): number {
  const boost = p.authorIsPremium ? VISIBILITY_BOOST : 1;
  return Math.log2(boost * trendingPoints(p)) + (p.createdAt.getTime() - EPOCH_MS) / 1000 / HALF_LIFE_S;
}

/** The projects columns the score reads. */
export type ScoreCounter = 'view_count' | 'reaction_count' | 'comment_count' | 'save_count' | 'share_count' | 'rating_sum';

function pointsSql(count: (c: ScoreCounter) => string): string {
  const w = TRENDING.weights;
  return `(${TRENDING.base} + ${w.view} * ${count('view_count')} + ${w.like} * ${count('reaction_count')} + ${w.comment} * ${count('comment_count')}
          + ${w.save} * ${count('save_count')} + ${w.share} * ${count('share_count')} + ${w.ratingStar} * ${count('rating_sum')})::float8`;
}

const ageTermSql = (row: string) => `extract(epoch FROM (${row}.created_at - timestamptz '${TRENDING.epoch}'))::float8 / ${HALF_LIFE_S}`;

function scoreSql(count: (c: ScoreCounter) => string, premiumNow: string): SQL {
  return sql.raw(`(
    ln((CASE WHEN ${premiumNow} THEN ${VISIBILITY_BOOST} ELSE 1 END)::float8
       * ${pointsSql(count)}) / ln(2::float8)
    + ${ageTermSql('p')}
  )`);
}

/**
 * Whether a stored score carries the premium boost, read back from the score itself: the score less
 * its age term is log2(boost * points), so 2^that / points is the boost it was computed with. Counters
 * changed in SQL alone are scored only by the daily recomputation, so points may have grown since;
 * halfway between 1 and the boost (geometrically) keeps a few views from hiding it, and an unboosted
 * score can only read lower than 1.
 */
const BOOST_SEEN_FROM = Math.sqrt(VISIBILITY_BOOST);

/** Whether the stored trending_score of projects row `row` carries the boost, as a SQL expression. */
export function boostedInScoreSql(row = 'p'): SQL {
  return sql.raw(`coalesce(power(2::float8, ${row}.trending_score - ${ageTermSql(row)}) / ${pointsSql((c) => `${row}.${c}`)} >= ${BOOST_SEEN_FROM}, false)`);
}

/** The score of projects row `p` whose author is users row `u`, as a SQL expression. */
export function trendingScoreSql(): SQL {
  return scoreSql((c) => `p.${c}`, PREMIUM_NOW_SQL);
}

/**
 * The score of projects row `p` once `counter` holds `next` (a SQL expression over the old row), for an
 * UPDATE that moves that counter and stores the score in the same statement; the author is read by id.
 */
export function trendingScoreWithSql(counter: ScoreCounter, next: string): SQL {
  return scoreSql((c) => (c === counter ? `(${next})` : `p.${c}`), `(SELECT ${PREMIUM_NOW_SQL} FROM users u WHERE u.id = p.author_id)`);
}
