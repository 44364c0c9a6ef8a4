import { PROJECT_MESSAGES } from '@shared/schemas/project';
import type { DbOrTx } from '../../db/client';
import { assertCanView } from '../../access/access-policy';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { findProjectAccess, type ProjectAccessRow, type WithTarget } from './interactions.repository';

/**
 * The project an interaction is about: 404 'Project not found' when it does not exist, 403 'Content
 * Unavailable' when its author is suspended, unless the member is an admin or the author.
 */
export async function loadAccessibleProject(db: DbOrTx, id: number, user: UserRow | undefined): Promise<ProjectAccessRow> {
  const project = await findProjectAccess(db, id);
  assertCanView(user, 'project', project);
  return project;
}

/**
 * A write (a like, a save, their removals, a comment) whose one statement also reads the project's
 * access state: it writes at once when no author is suspended (visible to everyone). Otherwise the
 * access policy decides: 404 or 403 as loadAccessibleProject answers, and for whom it allows (the
 * author, admins) the write runs again without that condition.
 */
export async function writeWhereVisible<T extends WithTarget>(user: UserRow, write: (anyAuthor: boolean) => Promise<T>): Promise<T> {
  const first = await orProjectGone(write(false));
  assertCanView(user, 'project', first.target);
  if (!first.target.authorIsSuspended) return first;
  const second = await orProjectGone(write(true));
  assertCanView(user, 'project', second.target);
  return second;
}

/** A write that lost a race with the project's deletion hits its foreign key: that is a 404, not a 500. */
export async function orProjectGone<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const e = (err as { cause?: unknown }).cause ?? err;
    if ((e as { code?: string }).code === '23503') throw AppError.notFound(PROJECT_MESSAGES.notFound);
    throw err;
  }
}
