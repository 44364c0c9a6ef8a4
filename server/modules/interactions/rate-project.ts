import { averageOf, OWN_PROJECT_RATING_MESSAGE, type TRateRequest, type TRateResult } from '@shared/schemas/interactions';
import { isOwner } from '../../access/access-policy';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { upsertRating } from './interactions.repository';
import { loadAccessibleProject, orProjectGone } from './load-accessible-project';

/**
 * Rates someone else's project from 1 to 5. Rating again replaces the member's rating: ratingCount
 * stays, the average moves. Only the first rating notifies the author.
 */
export async function rateProject(
  deps: Pick<AppDeps, 'db' | 'events'>,
  user: UserRow,
  projectId: number,
  input: TRateRequest,
): Promise<TRateResult> {
  const project = await loadAccessibleProject(deps.db, projectId, user);
  if (isOwner(user, project.authorId)) throw AppError.validation(OWN_PROJECT_RATING_MESSAGE);
  const result = await deps.db.transaction(async (tx) => {
    const written = await orProjectGone(upsertRating(tx, user.id, projectId, input.rating));
    if (written.created) await deps.events.record(tx, 'project:rated', { actorId: user.id, projectId, rating: input.rating });
    return written;
  });
  deps.events.nudge();
  return {
    rating: result.rating,
    averageRating: averageOf(result.ratingSum, result.ratingCount),
    ratingCount: result.ratingCount,
  };
}
