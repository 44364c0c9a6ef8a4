import type { TAdminStats } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { countStats } from './admin.repository';

/** GET /api/admin/stats: the portal's four counters and the tab counts, counted by the database. */
export function getAdminStats(deps: { db: DbOrTx }): Promise<TAdminStats> {
  return countStats(deps.db);
}
