// Project drafts replicate both ways between every device of the member and the server (RxDB's HTTP
// replication: checkpoint pulls, pushes with the revision the edit was based on). When two devices edit
// one draft, the newer edit is kept and the creator is told.
import { Subject } from 'rxjs';
export { draftConflicts$ } from './draft-conflicts';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { RxReplicationPullStreamItem, WithDeleted } from 'rxdb';
import type { TDraft, TDraftData, TSyncCheckpoint } from '@shared/schemas/sync';
import type { DraftDoc, LocalStore } from './local-store';
import { onSyncSignal } from '@web/lib/sync-signals';
import { localStore } from './local-store';
import { endSyncSignedOut, stopWhenSignedOut } from './signed-out';
import { draftFileCounts, draftFiles, dropDraftFiles, keepDraftFiles, publishFormFor } from './draft-files';
import { afterSending, beforeSending, formBodyFor, isQueued, sendWrite } from './outbox';
import type { PickedFile } from '@web/api/projects/native-file-form';
import { myProjectsQueryKey } from '@web/api/query-keys';

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

async function http(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401) {
    void endSyncSignedOut();
    throw new Error('Signed out: drafts stop syncing');
  }
  return res;
}

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
        const res = await http('GET', `/api/sync/drafts?${qs}`);
        if (!res.ok) throw new Error(`Draft pull failed: ${res.status}`);
        const page = (await res.json()) as { documents: ({ id: string; _deleted: true } | { id: string; _deleted: false; draft: TDraft })[]; checkpoint: TSyncCheckpoint | null };
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
          const res = doc._deleted
            ? await http('DELETE', `/api/drafts/${doc.id}`)
            : await http('PUT', `/api/drafts/${doc.id}`, { assumedRevision: assumedMasterState?.revision || null, data: doc.data });
          if (res.status === 409) {
            const body = (await res.json()) as { current?: TDraft };
            if (body.current) answer.push(fromServer(body.current));
          } else if (!res.ok && !(doc._deleted && res.status === 404)) {
            throw new Error(`Draft push failed: ${res.status}`);
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

const PUBLISH_URL = /^\/api\/drafts\/([^/]+)\/publish$/;
const publishedDraftId = (url: string) => PUBLISH_URL.exec(url)?.[1];

beforeSending('/api/drafts/', draftsInSync);
formBodyFor(PUBLISH_URL, (url) => publishFormFor(publishedDraftId(url)!));
afterSending('/api/drafts/', (url) => {
  const published = publishedDraftId(url);
  if (published) void dropDraftFiles(published); // the project holds them now
  resync.next('RESYNC');
});

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

/** Publishes once (the draft id is the server's key); offline, the publish waits in the outbox. */
export async function publishDraft(id: string) {
  if (navigator.onLine) await draftsInSync();
  const answer = await sendWrite<{ id: number; title: string }>({
    method: 'POST',
    url: `/api/drafts/${id}/publish`,
    label: 'Publish draft',
    refresh: [[...myProjectsQueryKey]],
  });
  if (!isQueued(answer)) {
    await dropDraftFiles(id); // the project holds them now
    resync.next('RESYNC'); // the draft is now published: pull that
  }
  return answer;
}

export async function watchDrafts(onChange: (drafts: DraftDoc[]) => void): Promise<() => void> {
  const db: LocalStore | null = await localStore();
  if (!db) return () => undefined;
  const sub = db.drafts
    .find({ selector: { publishedProjectId: null } })
    .$.subscribe((docs) => onChange(docs.map((d) => d.toJSON() as DraftDoc).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))));
  return () => sub.unsubscribe();
}
