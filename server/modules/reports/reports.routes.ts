import { Router } from 'express';
import { ADMIN_MESSAGES, REPORT_MESSAGES, ZAdminReportsQuerySchema, ZReportRequestSchema, ZReportReviewSchema } from '@shared/schemas/admin';
import type { AppDeps } from '../../deps';
import { currentUser, requireAdmin, requireUser } from '../../http/auth';
import { serialIdParam } from '../../http/serial-id-param';
import { parse } from '../../http/validate';
import { createReport } from './create-report';
import { listReports } from './list-reports';
import { reviewReport } from './review-report';

const REPORTS_PER_HOUR = 20;

/** Members report projects, comments and users; admins review the reports. */
export function reportsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { db } = deps;
  router.use('/api/admin/reports', requireAdmin);
  const reportLimit = deps.limiter({
    name: 'reports',
    windowMs: 60 * 60 * 1000,
    limit: REPORTS_PER_HOUR,
    message: REPORT_MESSAGES.tooMany,
    key: (req) => req.user?.id ?? req.ip ?? 'unknown',
  });

  router.post('/api/reports', requireUser, reportLimit, async (req, res) => {
    res.status(201).json(await createReport({ db }, currentUser(req), parse(ZReportRequestSchema, req.body)));
  });

  router.get('/api/admin/reports', async (req, res) => {
    res.json(await listReports({ db }, parse(ZAdminReportsQuerySchema, req.query)));
  });

  router.patch('/api/admin/reports/:id', async (req, res) => {
    const id = serialIdParam(req.params.id, ADMIN_MESSAGES.reportNotFound);
    res.json(await reviewReport({ db }, currentUser(req), id, parse(ZReportReviewSchema, req.body)));
  });

  return router;
}
