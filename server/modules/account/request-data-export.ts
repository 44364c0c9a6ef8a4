import type { TAccountExport } from '@shared/schemas/account';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../db/unique-violation';
import { enqueue } from '../../jobs/outbox';
import { DATA_EXPORT_TOPIC, type DataExportTask } from './build-data-export';
import { findPendingExport, insertExport, listExports, type AccountExportRow } from './data-export.repository';

export function toAccountExport(row: AccountExportRow): TAccountExport {
  return {
    id: row.id,
    status: row.status as TAccountExport['status'],
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

/** "Download my data": one archive at a time is built in the background; asking again while it builds answers it. */
export async function requestDataExport(deps: Pick<AppDeps, 'db' | 'outbox'>, userId: string): Promise<TAccountExport> {
  const pending = await findPendingExport(deps.db, userId);
  if (pending) return toAccountExport(pending);
  let row: AccountExportRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const created = await insertExport(tx, userId);
      await enqueue(tx, DATA_EXPORT_TOPIC, { exportId: created.id } satisfies DataExportTask, { key: `export:${created.id}` });
      return created;
    });
  } catch (err) {
    // Asked twice at once: the other request's archive is the one being built.
    const other = isUniqueViolation(err, 'account_exports_pending_unique') ? await findPendingExport(deps.db, userId) : undefined;
    if (!other) throw err;
    return toAccountExport(other);
  }
  deps.outbox.nudge();
  return toAccountExport(row);
}

export async function listDataExports(deps: Pick<AppDeps, 'db'>, userId: string): Promise<TAccountExport[]> {
  return (await listExports(deps.db, userId)).map(toAccountExport);
}
