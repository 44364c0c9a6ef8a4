import { and, isNotNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/job-runner';
import { eraseUser } from '../admin/erase-user';

/** Restored between the look and the erase: nothing to do. */
class Restored extends Error {}

/** Accounts purged a run, so one run never holds the database for long. */
const PER_RUN = 50;

/**
 * Erases the accounts whose grace period has passed (hourly, once across instances). An account restored
 * meanwhile is left alone: the row is checked again inside each erase's transaction.
 */
export function purgeDeletedAccountsJob(deps: Pick<AppDeps, 'db' | 'events' | 'storage' | 'logger'>): ScheduledJob {
  return {
    name: 'purge-deleted-accounts',
    intervalMs: 60 * 60 * 1000,
    async run() {
      await purgeDeletedAccounts(deps);
    },
  };
}

export async function purgeDeletedAccounts(deps: Pick<AppDeps, 'db' | 'events' | 'storage' | 'logger'>): Promise<number> {
  const due = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lte(users.purgeAfter, new Date())))
    .limit(PER_RUN);
  let erased = 0;
  for (const { id } of due) {
    try {
      await eraseUser(deps, id, async (_tx, target) => {
        if (!target.deletedAt || !target.purgeAfter || target.purgeAfter.getTime() > Date.now()) throw new Restored();
      });
      erased++;
    } catch (err) {
      if (!(err instanceof Restored)) deps.logger.error({ err, userId: id }, 'purging a deleted account failed');
    }
  }
  if (erased) deps.logger.info({ erased }, 'deleted accounts purged');
  return erased;
}
