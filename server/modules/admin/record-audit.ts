import { displayNameOf } from '@shared/format';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../users/users.repository';
import { insertAudit } from './admin.repository';

export type AuditAction =
  | 'user.suspend'
  | 'user.unsuspend'
  | 'user.delete'
  | 'report.review'
  | 'blog.create'
  | 'blog.update'
  | 'blog.delete';

/** Writes one admin action to the audit log, in the caller's transaction. */
export function recordAudit(
  db: DbOrTx,
  actor: UserRow,
  entry: { action: AuditAction; targetType: 'user' | 'report' | 'blog'; targetId: string | number; targetLabel?: string | null; reason?: string | null },
): Promise<void> {
  return insertAudit(db, {
    actorId: actor.id,
    actorName: displayNameOf(actor),
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    targetLabel: entry.targetLabel ?? null,
    reason: entry.reason ?? null,
  });
}
