import { eq, getTableColumns } from 'drizzle-orm';
import { publicNameOf } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import type { DbOrTx } from '../../db/client';
import { projects, users } from '../../db/schema';
import { isPremiumNow } from '../../access/premium';
import { authorHiddenColumn } from '../../access/visibility-sql';

/** PREVIEW_ORIGIN's origin, or '' when hosted files are served from the app's own origin. */
export function previewOriginOf(previewOrigin: string | undefined): string {
  return previewOrigin ? new URL(previewOrigin).origin : '';
}

/** Where a native project's files are served; PREVIEW_ORIGIN puts them on an isolated origin. */
export function previewUrlFor(projectId: number, previewOrigin: string | undefined): string {
  return `${previewOriginOf(previewOrigin)}/hosted/${projectId}/index.html`;
}

// The stored search document is search's index input, never shown: leaving it out halves the bytes a
// project row carries from the database (a tsvector's text is about as long as the description).
const { searchDocument: _searchDocument, ...projectColumns } = getTableColumns(projects);

/** The columns every project read needs: the project and the author fields of its card. */
export const projectViewColumns = {
  ...projectColumns,
  authorDisplayName: users.displayName,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorEmail: users.email,
  authorHandle: users.handle,
  authorAvatar: users.profileImageUrl,
  authorIsPremium: users.isPremium,
  authorPremiumExpiresAt: users.premiumExpiresAt,
  authorIsSuspended: authorHiddenColumn,
};

/** SELECT projects joined with their author; add where/orderBy/limit at the call site. */
export function selectProjectViews(db: DbOrTx) {
  return db.select(projectViewColumns).from(projects).innerJoin(users, eq(users.id, projects.authorId));
}

export type ProjectViewRow = Awaited<ReturnType<ReturnType<typeof selectProjectViews>['execute']>>[number];

export type ShareInfo = { sharedBy: string | null; sharedByName: string | null; sharedAt: Date | string | null };

export function toProject(row: ProjectViewRow, opts: { previewOrigin?: string; share?: ShareInfo } = {}): TProject {
  const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    category: row.category,
    projectUrl: row.projectUrl,
    tutorialUrl: row.tutorialUrl,
    timeSpent: row.timeSpent,
    timeUnit: row.timeUnit,
    location: row.location,
    cost: row.cost,
    costCurrency: row.costCurrency,
    hostingType: row.hostingType === 'native' ? 'native' : 'external',
    previewUrl: row.hostingType === 'native' ? previewUrlFor(row.id, opts.previewOrigin) : null,
    authorId: row.authorId,
    authorName: publicNameOf({
      displayName: row.authorDisplayName,
      firstName: row.authorFirstName,
      lastName: row.authorLastName,
    }),
    authorHandle: row.authorHandle,
    authorAvatar: row.authorAvatar,
    authorIsPremium: isPremiumNow({ isPremium: row.authorIsPremium, premiumExpiresAt: row.authorPremiumExpiresAt }),
    viewCount: row.viewCount,
    reactionCount: row.reactionCount,
    commentCount: row.commentCount,
    saveCount: row.saveCount,
    shareCount: row.shareCount,
    averageRating: row.ratingCount ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : 0,
    ratingCount: row.ratingCount,
    createdAt: iso(row.createdAt)!,
    ...(opts.share
      ? { sharedBy: opts.share.sharedBy, sharedByName: opts.share.sharedByName, sharedAt: iso(opts.share.sharedAt) }
      : {}),
  };
}
