import { useWatched } from '@web/lib/use-watched';
import { watchDrafts } from '@web/offline/drafts';
import type { DraftDoc } from '@web/offline/local-store';

const NONE: DraftDoc[] = [];

/** The member's unpublished drafts, newest edit first, as they change locally or by sync. */
export function useDrafts(): DraftDoc[] {
  return useWatched<DraftDoc[]>(watchDrafts, NONE);
}
