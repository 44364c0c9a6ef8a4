import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { isUuid } from '@shared/uuid';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { findExport, type AccountExportRow } from './data-export.repository';

/** The member's own ready archive (someone else's, a pending or an expired one is a 404). */
export async function findDownloadableExport(deps: Pick<AppDeps, 'db'>, userId: string, id: string): Promise<AccountExportRow & { storageKey: string }> {
  const row = isUuid(id) ? await findExport(deps.db, id) : undefined;
  if (!row || row.userId !== userId || row.status !== 'ready' || !row.storageKey || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) {
    throw AppError.notFound(ACCOUNT_MESSAGES.exportNotFound);
  }
  return row as AccountExportRow & { storageKey: string };
}
