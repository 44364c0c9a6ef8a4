import { sql, type SQL } from 'drizzle-orm';
import { isoSql } from '../../db/iso-sql';
import { premiumNowSql } from '../../access/premium';
import { userVisibleSql } from '../../access/visibility-sql';

/** The characters String.prototype.trim removes (white space and line terminators), for btrim. */
const JS_TRIM_CHARS = ' \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
const trimmed = (column: string) => `nullif(btrim(${column}, '${JS_TRIM_CHARS}'), '')`;

/** publicNameOf (shared/format.ts) of these name columns, as a SQL expression. */
export function publicNameSql(displayName: string, firstName: string, lastName: string): SQL {
  return sql.raw(`coalesce(${trimmed(displayName)}, nullif(concat_ws(' ', ${trimmed(firstName)}, ${trimmed(lastName)}), ''), 'User')`);
}

/** displayNameOf (shared/format.ts) of a users row by its alias: what mails call a member, in SQL. */
export function displayNameSql(alias: string): SQL {
  const at = (c: string) => `${alias}.${c}`;
  return sql.raw(
    `coalesce(${trimmed(at('display_name'))}, nullif(concat_ws(' ', ${trimmed(at('first_name'))}, ${trimmed(at('last_name'))}), ''), nullif(split_part(${trimmed(at('email'))}, '@', 1), ''), 'User')`,
  );
}

/** Where a card's projects row and its author's users row are, by name in the statement. */
export type CardTables = { project: string; author: string };
const CARD_ALIASES: CardTables = { project: 'p', author: 'u' };

/**
 * The cards of the projects whose ids the int[] expression lists, in its order, as the JSON text of
 * TProject[] (a scalar subquery); deleted projects and suspended authors' are left out. `reasons`, a
 * JSON expression over `wanted.reasons` (the element of a second array `reasonBits` aligned with the
 * ids), adds each card's ranking reasons.
 */
export function visibleCardsJsonSql(ids: SQL, previewOrigin: SQL, ranking?: { reasonBits: SQL; reasons: SQL }): SQL {
  const source = ranking ? sql`unnest(${ids}, ${ranking.reasonBits}) WITH ORDINALITY AS wanted(id, reasons, n)` : sql`unnest(${ids}) WITH ORDINALITY AS wanted(id, n)`;
  const card = ranking ? projectCardJsonSql(previewOrigin, sql`'reasons', ${ranking.reasons}`) : projectCardJsonSql(previewOrigin);
  return sql`(SELECT coalesce(json_agg(${card} ORDER BY wanted.n), '[]')::text
    FROM ${source}
    JOIN projects p ON p.id = wanted.id
    JOIN users u ON u.id = p.author_id
    WHERE ${userVisibleSql('u')})`;
}

/**
 * A project card (TProject) as PostgreSQL writes it: the one definition of a card. `at` names the
 * projects row and its author's users row in the statement (aliases, or drizzle's full table names).
 * `previewOrigin` is previewOriginOf(PREVIEW_ORIGIN) as a parameter; `extra` adds key/value pairs.
 */
export function projectCardJsonSql(previewOrigin: SQL, extra?: SQL, at: CardTables = CARD_ALIASES): SQL {
  const p = (column: string) => sql.raw(`${at.project}.${column}`);
  const u = (column: string) => sql.raw(`${at.author}.${column}`);
  return sql`json_build_object(
    'id', ${p('id')}, 'title', ${p('title')}, 'description', ${p('description')}, 'thumbnail', ${p('thumbnail')}, 'category', ${p('category')},
    'projectUrl', ${p('project_url')}, 'tutorialUrl', ${p('tutorial_url')}, 'timeSpent', ${p('time_spent')}, 'timeUnit', ${p('time_unit')},
    'location', ${p('location')}, 'cost', ${p('cost')}, 'costCurrency', ${p('cost_currency')},
    'hostingType', CASE WHEN ${p('hosting_type')} = 'native' THEN 'native' ELSE 'external' END,
    'previewUrl', CASE WHEN ${p('hosting_type')} = 'native' THEN ${previewOrigin}::text || '/hosted/' || ${p('id')} || '/index.html' END,
    'authorId', ${p('author_id')}, 'authorName', ${publicNameSql(`${at.author}.display_name`, `${at.author}.first_name`, `${at.author}.last_name`)},
    'authorHandle', ${u('handle')}, 'authorAvatar', ${u('profile_image_url')},
    'authorIsPremium', ${sql.raw(premiumNowSql(at.author))},
    'viewCount', ${p('view_count')}, 'reactionCount', ${p('reaction_count')}, 'commentCount', ${p('comment_count')},
    'saveCount', ${p('save_count')}, 'shareCount', ${p('share_count')},
    -- Math.round(sum / count * 10) / 10 in the same float8 steps (no tie to break: averages are 1 to 5).
    'averageRating', CASE WHEN ${p('rating_count')} > 0 THEN floor(${p('rating_sum')}::float8 / ${p('rating_count')} * 10 + 0.5) / 10 ELSE 0 END,
    'ratingCount', ${p('rating_count')}, 'createdAt', ${isoSql(`${at.project}.created_at`)}${extra ? sql`, ${extra}` : sql``})`;
}
