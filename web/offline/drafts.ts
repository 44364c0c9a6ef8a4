// Project drafts replicate both ways between every device of the member and the server (RxDB's HTTP
// replication: checkpoint pulls, pushes with the revision the edit was based on). When two devices edit
// one draft, the newer edit is kept and the creator is told.
import { Subject } from 'rxjs';
export { draftConflicts$ } from './draft-conflicts';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import type { TDraft, TDraftData, TSyncCheckpoint } from '@shared/schemas/sync';
import type { DraftDoc, LocalStore } from './local-store';
import { ApiError } from '@web/lib/api-client';
import type { PickedFile } from '@web/lib/native-file-form';
import { onSyncSignal } from '@web/lib/sync-signals';
import { localStore } from './local-store';
import { stopWhenSignedOut, syncJson } from './signed-out';
import { draftFileCounts, draftFiles, dropDraftFiles, keepDraftFiles } from './draft-files';

export const DRAFT_TEXTS = {
  saved: 'Draft saved',
  savedDetail: 'It is kept on this device and syncs to your other devices when you are online.',
  untitled: 'Untitled draft',
  conflictKeptMine: 'This draft was also changed on another device. Your newer edit was kept.',
  conflictKeptTheirs: 'This draft was changed on another device more recently. That version was kept.',
  conflictTitle: 'Draft changed elsewhere',
  published: 'Project published',
  publishQueued: 'Publishing when you are back online',
  filesOnDevice: (n: number) => `${n} ${n === 1 ? 'file' : 'files'} on this device`,
} as const;

type Doc = WithDeleted<DraftDoc>;

const fromServer = (d: TDraft): Doc => ({ ...d, data: d.data as Record<string, unknown>, _deleted: false });

/** The server's draft in a conflict answer. */
function conflictCurrent(err: ApiError): TDraft | undefined {
  try {
    return (JSON.parse(err.body) as { current?: TDraft }).current;
  } catch {
    return undefined;
  }
}

type PullPage = { documents: ({ id: string; _deleted: true } | { id: string; _deleted: false; draft: TDraft })[]; checkpoint: TSyncCheckpoint | null };

let replication: RxReplicationState<DraftDoc, TSyncCheckpoint> | null = null;
const resync = new Subject<RxReplicationPullStreamItem<DraftDoc, TSyncCheckpoint>>();

/** Starts replicating the drafts while the member is signed in; answers a stop function. */
export async function startDraftSync(): Promise<() => void> {
  const db = await localStore();
  if (!db || replication) return () => undefined;
  const { replicateRxCollection } = await import('rxdb/plugins/replication');
  replication = replicateRxCollection<DraftDoc, TSyncCheckpoint>({
    collection: db.drafts,
    replicationIdentifier: 'drafts-http-v1',
    live: true,
    retryTime: 5_000,
    pull: {
      batchSize: 100,
      stream$: resync.asObservable(),
      handler: async (checkpoint, batchSize) => {
        const qs = new URLSearchParams({ limit: String(batchSize), ...(checkpoint ?? {}) });
        const page = await syncJson<PullPage>('GET', `/api/sync/drafts?${qs}`);
        return {
          checkpoint: page.checkpoint ?? checkpoint,
          documents: page.documents.map((d) =>
            d._deleted ? { id: d.id, data: {}, revision: 0, publishedProjectId: null, updatedAt: new Date(0).toISOString(), _deleted: true } : fromServer(d.draft),
          ),
        };
      },
    },
    push: {
      batchSize: 20,
      handler: async (rows) => {
        const answer: Doc[] = [];
        for (const { newDocumentState: doc, assumedMasterState } of rows) {
          try {
            if (doc._deleted) await syncJson('DELETE', `/api/drafts/${doc.id}`);
            else await syncJson('PUT', `/api/drafts/${doc.id}`, { assumedRevision: assumedMasterState?.revision || null, data: doc.data });
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            // A conflict answers the server's draft, which RxDB resolves against the local edit.
            if (err.status === 409) {
              const current = conflictCurrent(err);
              if (current) answer.push(fromServer(current));
            } else if (!(doc._deleted && err.status === 404)) throw err;
          }
        }
        return answer;
      },
    },
  });
  const onOnline = () => resync.next('RESYNC');
  window.addEventListener('online', onOnline);
  // Another device changed a draft (the live socket says so), or the socket came back: pull.
  const stopSignals = onSyncSignal((signal) => (signal === 'drafts' || signal === 'all') && resync.next('RESYNC'));
  const stop = async () => {
    stopSignals();
    unregister();
    window.removeEventListener('online', onOnline);
    const ending = replication;
    replication = null;
    await ending?.cancel();
  };
  const unregister = stopWhenSignedOut(stop);
  return () => void stop();
}

/** Waits (a while) until local draft edits have reached the server, so a publish finds the draft there. */
export async function draftsInSync(): Promise<void> {
  if (!replication) return;
  resync.next('RESYNC');
  await Promise.race([replication.awaitInSync(), new Promise((r) => setTimeout(r, 10_000))]);
}

/** After the server published a draft: its files go from this device (the project holds them) and the
 * draft, now published, is pulled again. */
export function draftPublished(id: string): void {
  void dropDraftFiles(id);
  resync.next('RESYNC');
}

/** Saves the draft's text (replicated) and its native files (kept on this device until published). */
export async function saveDraft(id: string | null, data: TDraftData, files: readonly PickedFile[] = []): Promise<string> {
  const db = await localStore();
  if (!db) throw new Error('Drafts need a browser that keeps data (IndexedDB)');
  const draftId = id ?? crypto.randomUUID();
  const current = await db.drafts.findOne(draftId).exec();
  await db.drafts.upsert({
    id: draftId,
    data: data as Record<string, unknown>,
    revision: current?.revision ?? 0,
    publishedProjectId: current?.publishedProjectId ?? null,
    updatedAt: new Date().toISOString(),
  });
  await keepDraftFiles(draftId, data.hostingType === 'native' ? files : []);
  return draftId;
}

export { draftFileCounts, draftFiles };

export async function removeDraft(id: string): Promise<void> {
  const db = await localStore();
  await db?.drafts.findOne(id).remove();
  await dropDraftFiles(id);
}

export async function watchDrafts(onChange: (drafts: DraftDoc[]) => void): Promise<() => void> {
  const db: LocalStore | null = await localStore();
  if (!db) return () => undefined;
  const sub = db.drafts
    .find({ selector: { publishedProjectId: null } })
    .$.subscribe((docs) => onChange(docs.map((d) => d.toJSON() as DraftDoc).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))));
  return () => sub.unsubscribe();
}
