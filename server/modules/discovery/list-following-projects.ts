import { FOLLOWING_LIMIT } from '@shared/schemas/discovery';
import { listFollowingJson } from './discovery.repository';
import type { DiscoveryDeps } from './list-trending-projects';

/**
 * The Following carousel as its JSON text (TProject[]): projects by people the member follows and
 * projects those people shared (carrying sharedBy, sharedByName and sharedAt), newest activity first,
 * each project once.
 */
export function listFollowingProjects(deps: DiscoveryDeps, userId: string): Promise<string> {
  return listFollowingJson(deps.db, userId, FOLLOWING_LIMIT, deps.previewOrigin);
}
