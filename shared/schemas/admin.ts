import { z } from '../zod';
import { ZCurrentUserSchema } from './auth';
import { isHttpUrlString, UPLOADED_IMAGE_URL } from './project';

// The admin portal, reports and the blog. Texts are the product specification's where it gives them;
// the others are ours (docs/decisions.md).

export const ADMIN_MESSAGES = {
  suspendReasonRequired: 'Please provide a suspension reason',
  userNotFound: 'User not found',
  selfSuspend: 'You cannot suspend your own account',
  selfDelete: 'You cannot delete your own account',
  lastAdmin: 'The last administrator cannot be removed',
  reportNotFound: 'Report not found',
  reportStatus: 'Status must be one of resolved, rejected or escalated',
  blogFieldsRequired: 'All fields are required',
  blogSlugPattern: 'Slug may only contain lowercase letters, numbers and hyphens',
  blogSlugTaken: 'A blog post with this slug already exists',
  blogPostNotFound: 'Blog post not found',
  blogThumbnail: 'Thumbnail must be an http(s) URL',
} as const;

export const REPORT_MESSAGES = {
  typeInvalid: 'Report type must be project, comment or user',
  reasonRequired: 'Please choose a reason',
  targetNotFound: 'The reported content was not found',
  duplicate: 'You have already reported this. Our moderators will review it.',
  selfReport: 'You cannot report yourself',
  tooMany: 'Too many reports. Please try again later.',
} as const;

/** Paging shared by the admin lists and the blog list. */
export const ADMIN_PAGE_DEFAULT = 20;
export const ADMIN_PAGE_MAX = 100;
const pageMessage = `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`;
const offsetMessage = 'offset must be a whole number of 0 or more';
const paging = {
  limit: z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).max(ADMIN_PAGE_MAX, pageMessage).default(ADMIN_PAGE_DEFAULT),
  offset: z.coerce.number({ error: offsetMessage }).int(offsetMessage).min(0, offsetMessage).max(1_000_000, offsetMessage).default(0),
};
export const ZPagingSchema = z.object(paging);
export type TPaging = z.output<typeof ZPagingSchema>;

// ---------------------------------------------------------------------------------------------------
// Users

export const ADMIN_USER_STATUSES = ['all', 'active', 'suspended'] as const;
export const ZAdminUsersQuerySchema = z.object({
  ...paging,
  q: z.string().trim().max(100).optional().default(''),
  status: z.enum(ADMIN_USER_STATUSES, { error: 'status must be all, active or suspended' }).default('all'),
});
export type TAdminUsersQuery = z.output<typeof ZAdminUsersQuerySchema>;

/** One row of the admin Users tab: the user's identity (as the auth call has it) and their standing. */
export const ZAdminUserSchema = ZCurrentUserSchema.omit({ isPremium: true }).extend({
  isSuspended: z.boolean(),
  suspendedReason: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;
export type TAdminUserPage = { users: TAdminUser[]; total: number };

/** The portal's counters and tab counts, counted by the server (GET /api/admin/stats). */
export type TAdminStats = {
  totalUsers: number;
  activeUsers: number;
  suspendedUsers: number;
  pendingReports: number;
  totalReports: number;
  blogPosts: number;
};

export const SUSPEND_REASON_MAX = 500;
export const ZSuspendRequestSchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.suspendReasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.suspendReasonRequired)
    .max(SUSPEND_REASON_MAX, `Suspension reason must be ${SUSPEND_REASON_MAX} characters or less`),
});
export type TSuspendRequest = z.infer<typeof ZSuspendRequestSchema>;

/** One admin action of the audit log. */
export type TAuditEntry = {
  id: number;
  actorId: string | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  reason: string | null;
  createdAt: string;
};

// ---------------------------------------------------------------------------------------------------
// Reports

export const REPORT_TYPES = ['project', 'comment', 'user'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_STATUSES = ['pending', 'resolved', 'rejected', 'escalated'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** What a review may set: the review dialog's Mark as Resolved, Reject Report and Escalate. */
export const REPORT_REVIEW_STATUSES = ['resolved', 'rejected', 'escalated'] as const;
export const REPORT_REVIEW_LABELS: Record<(typeof REPORT_REVIEW_STATUSES)[number], string> = {
  resolved: 'Mark as Resolved',
  rejected: 'Reject Report',
  escalated: 'Escalate',
};
/** The reasons the Report dialog offers. */
export const REPORT_REASONS = [
  'Spam',
  'Inappropriate content',
  'Harassment or hate speech',
  'Copyright or IP violation',
  'Misleading or scam',
  'Other',
] as const;
export const REPORT_DESCRIPTION_MAX = 1000;

export const ZReportRequestSchema = z.object({
  reportType: z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.typeInvalid }),
  targetId: z.union([z.string(), z.number()], { error: REPORT_MESSAGES.targetNotFound }).transform((v) => String(v).trim()),
  reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
  description: z
    .string()
    .trim()
    .max(REPORT_DESCRIPTION_MAX, `Details must be ${REPORT_DESCRIPTION_MAX} characters or less`)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type TReportRequest = z.input<typeof ZReportRequestSchema>;

export const ZReportReviewSchema = z.object({
  status: z.enum(REPORT_REVIEW_STATUSES, { error: ADMIN_MESSAGES.reportStatus }),
});
export type TReportReview = z.infer<typeof ZReportReviewSchema>;

export const ZAdminReportsQuerySchema = z.object({
  ...paging,
  status: z.enum(['all', ...REPORT_STATUSES], { error: 'status must be all, pending, resolved, rejected or escalated' }).default('all'),
});
export type TAdminReportsQuery = z.output<typeof ZAdminReportsQuerySchema>;

export type TReport = {
  id: number;
  reportType: string;
  targetId: string;
  /** Where the View link goes: the project, the comment's project, or the user's admin view. */
  targetUrl: string | null;
  reason: string;
  description: string | null;
  status: ReportStatus;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
};
export type TReportPage = { reports: TReport[]; total: number };

// ---------------------------------------------------------------------------------------------------
// Blog

export const BLOG_SLUG_MAX = 100;
export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 500;
export const BLOG_CONTENT_MAX = 100_000;
export const BLOG_SLUG_PATTERN = /^[a-z0-9-]+$/;

const required = (max: number) =>
  z.string({ error: ADMIN_MESSAGES.blogFieldsRequired }).trim().min(1, ADMIN_MESSAGES.blogFieldsRequired).max(max);

export const ZBlogPostInputSchema = z.object({
  title: required(BLOG_TITLE_MAX),
  slug: required(BLOG_SLUG_MAX).regex(BLOG_SLUG_PATTERN, ADMIN_MESSAGES.blogSlugPattern),
  excerpt: required(BLOG_EXCERPT_MAX),
  content: required(BLOG_CONTENT_MAX),
  thumbnail: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v === '' || isHttpUrlString(v) || UPLOADED_IMAGE_URL.test(v), ADMIN_MESSAGES.blogThumbnail)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TBlogPostInput = z.input<typeof ZBlogPostInputSchema>;

export type TBlogPost = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  thumbnail: string | null;
  authorName: string;
  publishedAt: string;
};

// ---------------------------------------------------------------------------------------------------
// Response shapes, for the OpenAPI document (server/openapi/paths/admin.ts, blog.ts, reports.ts)

export const ZAdminUserPageSchema = z.object({ users: z.array(ZAdminUserSchema), total: z.number().int() });
export const ZAdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  suspendedUsers: z.number().int(),
  pendingReports: z.number().int(),
  totalReports: z.number().int(),
  blogPosts: z.number().int(),
}) satisfies z.ZodType<TAdminStats>;
export const ZAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<TAuditEntry>;
export const ZReportSchema = z.object({
  id: z.number().int(),
  reportType: z.string(),
  targetId: z.string(),
  targetUrl: z.string().nullable(),
  reason: z.string(),
  description: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<TReport>;
export const ZReportPageSchema = z.object({ reports: z.array(ZReportSchema), total: z.number().int() });
export const ZBlogPostSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  thumbnail: z.string().nullable(),
  authorName: z.string(),
  publishedAt: z.string(),
}) satisfies z.ZodType<TBlogPost>;
