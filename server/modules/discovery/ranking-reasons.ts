import { sql, type SQL } from 'drizzle-orm';
import type { TRankingReason } from '@shared/ranking-reasons';

/**
 * Why a project ranked, as bits of one smallint: what the ranking query computes beside each score and
 * a member's snapshot stores beside each id (a page reads them back with its cards).
 */
export const RANKING_REASON_BITS: Record<TRankingReason, number> = {
  followed_creator: 1,
  liked_category: 2,
  liked_creator: 4,
  similar_members: 8,
  popular: 16,
  premium_boost: 32,
};

const ORDERED = Object.entries(RANKING_REASON_BITS) as [TRankingReason, number][];

/** The reasons a bit set holds, in RANKING_REASONS order. */
export function reasonsOfBits(bits: number): TRankingReason[] {
  return ORDERED.filter(([, bit]) => (bits & bit) !== 0).map(([reason]) => reason);
}

/** reasonsOfBits of a smallint SQL expression, as a JSON array (empty for NULL: a snapshot from before reasons were kept). */
export function reasonsJsonSql(bits: SQL): SQL {
  const values = sql.raw(ORDERED.map(([reason, bit]) => `(${bit}, '${reason}')`).join(', '));
  return sql`(SELECT coalesce(json_agg(r.reason ORDER BY r.bit), '[]'::json) FROM (VALUES ${values}) AS r(bit, reason) WHERE coalesce(${bits}, 0) & r.bit <> 0)`;
}
