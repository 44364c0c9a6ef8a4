import { ZAdminReportsQuerySchema, ZReportPageSchema, ZReportRequestSchema, ZReportReviewSchema, ZReportSchema } from '@shared/schemas/admin';
import type { DomainDoc } from '../registry';

export const reportsDoc: DomainDoc = {
  tag: 'Reports',
  description: 'Members report projects, comments and users; admins review the reports.',
  routes: [
    { method: 'post', path: '/api/reports', summary: 'Report a project, comment or user (20 an hour)', access: 'member', body: ZReportRequestSchema, responses: { 201: { description: 'The report', schema: ZReportSchema }, 404: { description: 'Nothing to report' }, 409: { description: 'Already reported' } } },
    { method: 'get', path: '/api/admin/reports', summary: 'Reports, filtered by status', access: 'admin', query: ZAdminReportsQuerySchema, responses: { 200: { description: 'A page of reports', schema: ZReportPageSchema } } },
    { method: 'patch', path: '/api/admin/reports/{id}', summary: 'Resolve, reject or escalate', access: 'admin', params: { id: 'Report id (integer)' }, body: ZReportReviewSchema, responses: { 200: { description: 'The report', schema: ZReportSchema }, 404: { description: 'Report not found' } } },
  ],
};
