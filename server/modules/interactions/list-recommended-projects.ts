import { RECOMMENDED_SIDEBAR_MAX } from '@shared/constants';
import { publicNameOf } from '@shared/format';
import type { TRecommendedProject } from '@shared/schemas/interactions';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.repository';
import { listRecommendedFor } from './interactions.repository';
import { loadAccessibleProject } from './load-accessible-project';

/** The project page's sidebar: up to 8 other projects, same category or same author first. */
export async function listRecommendedProjects(
  deps: Pick<AppDeps, 'db'>,
  user: UserRow | undefined,
  projectId: number,
): Promise<TRecommendedProject[]> {
  const project = await loadAccessibleProject(deps.db, projectId, user);
  const rows = await listRecommendedFor(deps.db, project, RECOMMENDED_SIDEBAR_MAX);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    thumbnail: r.thumbnail,
    authorName: publicNameOf({
      displayName: r.authorDisplayName,
      firstName: r.authorFirstName,
      lastName: r.authorLastName,
    }),
    viewCount: r.viewCount,
    reactionCount: r.reactionCount,
  }));
}
