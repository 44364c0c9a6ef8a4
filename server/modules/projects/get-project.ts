import { createHash } from 'node:crypto';
import { VIEW_THROTTLE_MS } from '@shared/constants';
import { MESSAGES } from '@shared/errors';
import { PROJECT_MESSAGES, type TProject } from '@shared/schemas/project';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { toProject } from './project-view';
import { countProjectView, findProjectView } from './projects.repository';

/** Kept for other modules that import it; the text lives in shared/schemas/project.ts. */
export const PROJECT_NOT_FOUND = PROJECT_MESSAGES.notFound;

export type Viewer = { user: UserRow | undefined; ip: string; userAgent: string };

/** Members are counted by id, visitors by a hash of their address and browser. */
export function viewerKeyOf(viewer: Viewer): string {
  if (viewer.user) return `user:${viewer.user.id}`;
  return `anon:${createHash('sha256').update(`${viewer.ip}\n${viewer.userAgent}`).digest('hex')}`;
}

/** A project's detail; a suspended author's project is 'Content Unavailable' except to admins and the author. */
export async function getProject(
  deps: { db: Db; previewOrigin?: string; now?: () => Date },
  id: number,
  viewer: Viewer,
): Promise<TProject> {
  const row = await findProjectView(deps.db, id);
  if (!row) throw AppError.notFound(PROJECT_MESSAGES.notFound);
  const privileged = viewer.user && (viewer.user.isAdmin || viewer.user.id === row.authorId);
  if (row.authorIsSuspended && !privileged) throw AppError.forbidden(MESSAGES.contentUnavailable);
  const now = deps.now?.() ?? new Date();
  const viewCount = await countProjectView(deps.db, id, viewerKeyOf(viewer), now, VIEW_THROTTLE_MS);
  return toProject(viewCount === null ? row : { ...row, viewCount }, { previewOrigin: deps.previewOrigin });
}
