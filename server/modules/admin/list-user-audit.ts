import type { TAuditEntry } from '@shared/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { listAuditForUser } from './admin.repository';

const HISTORY_LIMIT = 100;

/** GET /api/admin/users/{id}/audit: the admin actions about this user, or taken by them; newest first. */
export async function listUserAudit(deps: { db: DbOrTx }, userId: string): Promise<TAuditEntry[]> {
  const rows = await listAuditForUser(deps.db, userId, HISTORY_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
