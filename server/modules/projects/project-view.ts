import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { TProject } from '@shared/schemas/project';
import type { DbOrTx } from '../../db/client';
import { projects, users } from '../../db/schema';
import { authorDeletedColumn, authorHiddenColumn } from '../../access/visibility-sql';
import { projectCardJsonSql } from './project-card-sql';

/** PREVIEW_ORIGIN's origin, or '' when hosted files are served from the app's own origin. */
export function previewOriginOf(previewOrigin: string | undefined): string {
  return previewOrigin ? new URL(previewOrigin).origin : '';
}

/** Where a native project's files are served; PREVIEW_ORIGIN puts them on an isolated origin. */
export function previewUrlFor(projectId: number, previewOrigin: string | undefined): string {
  return `${previewOriginOf(previewOrigin)}/hosted/${projectId}/index.html`;
}

/** PREVIEW_ORIGIN as the card's previewOrigin parameter (a prepared statement passes a placeholder instead). */
export const previewOriginParam = (previewOrigin: string | undefined): SQL => sql`${previewOriginOf(previewOrigin)}`;

/** The card (TProject) of a select over `projects` joined with its author in `users`, written by the database. */
export function projectCardColumn(previewOrigin: SQL) {
  return sql<TProject>`${projectCardJsonSql(previewOrigin, undefined, { project: 'projects', author: 'users' })}`.mapWith(
    // Drivers hand json over parsed; parse text in case one does not.
    (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as TProject,
  );
}

// The stored search document is search's index input, never shown: leaving it out halves the bytes a
// project row carries from the database (a tsvector's text is about as long as the description).
const { searchDocument: _searchDocument, ...projectColumns } = getTableColumns(projects);

/** The columns the rules about a project need (owner, visibility, feeds), besides its card. */
export const projectViewColumns = { ...projectColumns, authorIsSuspended: authorHiddenColumn, authorIsDeleted: authorDeletedColumn };

/**
 * What decides whether a project's hosted files (and versions) may be served: its hosting and its
 * author's state, from `projects` joined with its author in `users`.
 */
export const hostedAccessColumns = { hostingType: projects.hostingType, authorId: projects.authorId, authorIsSuspended: authorHiddenColumn };

/** SELECT projects joined with their author, each with its card; add where/orderBy/limit at the call site. */
export function selectProjectViews(db: DbOrTx, previewOrigin: SQL) {
  return db
    .select({ ...projectViewColumns, card: projectCardColumn(previewOrigin) })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.authorId));
}

export type ProjectViewRow = Awaited<ReturnType<ReturnType<typeof selectProjectViews>['execute']>>[number];

/** The row once `viewCount` views are counted (views noted but not stored yet, or stored since it was read). */
export function withViewCount<R extends { viewCount: number; card: TProject }>(row: R, viewCount: number): R {
  return { ...row, viewCount, card: { ...row.card, viewCount } };
}
