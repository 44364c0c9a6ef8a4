import { RECOMMENDED_SIDEBAR_MAX } from '@shared/constants';
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
  return listRecommendedFor(deps.db, project, RECOMMENDED_SIDEBAR_MAX);
}
