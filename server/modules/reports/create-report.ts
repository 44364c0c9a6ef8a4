import { REPORT_MESSAGES, type TReport, type ZReportRequestSchema } from '@shared/schemas/admin';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findUserById, type UserRow } from '../users/users.repository';
import { commentExists, insertPendingReport, projectExists } from './reports.repository';
import { toReport } from './to-report';

type Input = z.output<typeof ZReportRequestSchema>;

const SERIAL = /^[1-9]\d{0,9}$/;

async function targetExists(db: DbOrTx, input: Input): Promise<boolean> {
  if (input.reportType === 'user') return !!(await findUserById(db, input.targetId));
  if (!SERIAL.test(input.targetId) || Number(input.targetId) > 2_147_483_647) return false;
  const id = Number(input.targetId);
  return input.reportType === 'project' ? projectExists(db, id) : commentExists(db, id);
}

/**
 * POST /api/reports: a member reports a project, a comment or a user. The target must exist; a
 * second pending report of the same target by the same member answers 409.
 */
export async function createReport(deps: { db: DbOrTx }, reporter: UserRow, input: Input): Promise<TReport> {
  if (input.reportType === 'user' && input.targetId === reporter.id) throw AppError.validation(REPORT_MESSAGES.selfReport);
  if (!(await targetExists(deps.db, input))) throw AppError.notFound(REPORT_MESSAGES.targetNotFound);
  const row = await insertPendingReport(deps.db, {
    reporterId: reporter.id,
    reportType: input.reportType,
    targetId: input.targetId,
    reason: input.reason,
    description: input.description,
  });
  if (!row) throw AppError.conflict(REPORT_MESSAGES.duplicate);
  return toReport(row);
}
