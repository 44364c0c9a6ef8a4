import { Subject } from 'rxjs';
import type { RxConflictHandler, WithDeleted } from 'rxdb';
// Key order does not count: the server stores drafts as jsonb, which reorders keys.
import { deepEqual } from 'rxdb/plugins/utils';
import type { DraftDoc } from './local-types';

type Doc = WithDeleted<DraftDoc>;
const conflicts = new Subject<{ keptMine: boolean }>();
/** Conflicts resolved while replicating: the UI tells the creator which edit was kept. */
export const draftConflicts$ = conflicts.asObservable();

const sameContent = (a: Doc | undefined, b: Doc) =>
  !!a && a._deleted === b._deleted && a.publishedProjectId === b.publishedProjectId && deepEqual(a.data, b.data);

/** Newer edit wins (by its time); a draft published or deleted on the server stays so. */
export const draftConflictHandler: RxConflictHandler<DraftDoc> = {
  isEqual: (a, b) => sameContent(a, b) && a.revision === b.revision,
  resolve: async ({ realMasterState, newDocumentState, assumedMasterState }) => {
    if (realMasterState._deleted || realMasterState.publishedProjectId !== null) return realMasterState;
    // The server already holds this very edit: its push landed but the answer did not (the page went
    // away or offline first), and the retry was based on the older revision. Nothing to tell.
    if (sameContent(newDocumentState, realMasterState)) return realMasterState;
    // Only the revision moved (our own earlier push): keep the edit, based on the server's revision.
    if (sameContent(assumedMasterState, realMasterState)) return { ...newDocumentState, revision: realMasterState.revision };
    const keptMine = Date.parse(newDocumentState.updatedAt) >= Date.parse(realMasterState.updatedAt);
    conflicts.next({ keptMine });
    return keptMine ? { ...newDocumentState, revision: realMasterState.revision } : realMasterState;
  },
};

