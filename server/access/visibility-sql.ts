import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from '../db/schema';

/*
 * The access policy's visibility rule for lists, as SQL. access-policy.ts decides for one loaded row
 * (canView); a list cannot load every row to ask, so its query filters with these fragments instead.
 * Both live in server/access, so a change of the rule (who is hidden, from whom) is made here only.
 * Erased users and deleted projects need no fragment: they are gone, and every list reaches a project
 * through an inner join to its author.
 */

/**
 * The users row `alias` is hidden from everyone but its owner and admins: a suspended member, or one who
 * deleted their account and awaits its purge (`is_hidden`, a stored column over both).
 */
export function userHiddenSql(alias: string): SQL {
  return sql.raw(`${alias}.is_hidden`);
}

/** The users row `alias` (an author, a commenter, a sharer) may be shown to everyone. */
export function userVisibleSql(alias: string): SQL {
  return sql.raw(`NOT ${alias}.is_hidden`);
}

/** The joined `users` table's hidden state, selected for canView as `authorIsSuspended`. */
export const authorHiddenColumn = users.isHidden;

/** Whether the joined author deleted their account (their content then answers as missing, not withheld). */
export const authorDeletedColumn = sql<boolean>`(${users.deletedAt} IS NOT NULL)`;

/** Query-builder filter over the joined `users` table (the author): visible to everyone. */
export function authorVisible(): SQL {
  return eq(users.isHidden, false);
}

/** authorVisible, or the member is the owner (`ownerColumn`): what a member's own lists show. */
export function authorVisibleOrOwnedBy(ownerColumn: AnyColumn, memberId: string): SQL {
  return or(eq(users.isHidden, false), eq(ownerColumn, memberId))!;
}
