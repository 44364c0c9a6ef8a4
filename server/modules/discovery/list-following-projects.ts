import { publicNameOf } from '@shared/format';
import { FOLLOWING_LIMIT } from '@shared/schemas/discovery';
import type { TProject } from '@shared/schemas/project';
import { toProject } from '../projects/project-view';
import { listFollowingRows } from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

/**
 * The Following carousel: projects by people the member follows and projects those people shared
 * (carrying sharedBy, sharedByName and sharedAt), newest activity first, each project once.
 */
export async function listFollowingProjects(deps: DiscoveryDeps, userId: string): Promise<TProject[]> {
  const rows = await listFollowingRows(deps.db, userId, FOLLOWING_LIMIT);
  return rows.map((row) =>
    toProject(row, {
      previewOrigin: deps.previewOrigin,
      share: row.sharedBy
        ? {
            sharedBy: row.sharedBy,
            sharedByName: publicNameOf({ displayName: row.sharerDisplayName, firstName: row.sharerFirstName, lastName: row.sharerLastName }),
            sharedAt: row.activityAt,
          }
        : undefined,
    }),
  );
}
