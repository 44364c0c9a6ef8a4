import { createHash } from 'node:crypto';
import { VIEW_THROTTLE_MS } from '@shared/constants';
import { PROJECT_MESSAGES, type TProject } from '@shared/schemas/project';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../users/users.repository';
import { assertProjectVisible } from './project-access';
import { toProject } from './project-view';
import { countProjectView, findProjectView } from './projects.repository';

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
  assertProjectVisible(row, viewer.user);
  const now = deps.now?.() ?? new Date();
  const viewCount = await countProjectView(deps.db, id, viewerKeyOf(viewer), now, VIEW_THROTTLE_MS);
  return toProject(viewCount === null ? row : { ...row, viewCount }, { previewOrigin: deps.previewOrigin });
}
