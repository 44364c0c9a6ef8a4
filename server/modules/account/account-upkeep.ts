import type { AppDeps } from '../../deps';
import type { ScheduledJob } from '../../jobs/job-runner';
import { pruneOutbox } from '../../jobs/outbox';
import { pruneAccountTokens } from '../../security/account-tokens';
import { deleteExports, expiredExports } from './data-export.repository';

/** Days a handed-over outbox task is kept (what was sent, for support), four times that for failed ones. */
const OUTBOX_KEEP_DAYS = 7;

/** Hourly, once across instances: expired archives and tokens go, and old outbox rows. */
export function accountUpkeepJob(deps: Pick<AppDeps, 'db' | 'storage'>): ScheduledJob {
  return {
    name: 'account-upkeep',
    intervalMs: 60 * 60 * 1000,
    async run() {
      const expired = await expiredExports(deps.db);
      await Promise.all(expired.filter((e) => e.storageKey).map((e) => deps.storage.delete(e.storageKey!)));
      await deleteExports(deps.db, expired.map((e) => e.id));
      await pruneAccountTokens(deps.db);
      await pruneOutbox(deps.db, OUTBOX_KEEP_DAYS);
    },
  };
}
