import { publicNameOf } from '@shared/format';
import { FOLLOWING_LIMIT } from '@shared/schemas/discovery';
import type { TProject } from '@shared/schemas/project';
import { toProject } from '../projects/project-view';
import { findVisibleProjectViews, listFollowingItems } from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

/**
 * The Following carousel: projects by people the member follows and projects those people shared
 * (carrying sharedBy, sharedByName and sharedAt), newest activity first, each project once.
 */
export async function listFollowingProjects(deps: DiscoveryDeps, userId: string): Promise<TProject[]> {
  const items = await listFollowingItems(deps.db, userId, FOLLOWING_LIMIT);
  const rows = await findVisibleProjectViews(
    deps.db,
    items.map((i) => Number(i.projectId)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const feed: TProject[] = [];
  for (const item of items) {
    const row = byId.get(Number(item.projectId));
    if (!row) continue;
    const share = item.sharedBy
      ? {
          sharedBy: item.sharedBy,
          sharedByName: publicNameOf({
            displayName: item.sharerDisplayName,
            firstName: item.sharerFirstName,
            lastName: item.sharerLastName,
          }),
          sharedAt: item.activityAt,
        }
      : undefined;
    feed.push(toProject(row, { previewOrigin: deps.previewOrigin, share }));
  }
  return feed;
}
