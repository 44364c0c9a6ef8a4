// The member's own collections (notifications, saved projects, own projects) replicate from the server
// into the local store with checkpoint pulls, tombstones included, whether or not their screens were
// opened: a notification that arrives while the member reads something else is there offline too. The
// live socket's 'sync:changed' (and any push, reconnect or return online) starts a pull. Writes do not
// travel this way: they go through the API (or the outbox), and the server's answer comes back by pull.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RxReplicationPullStreamItem } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { Subject } from 'rxjs';
import { NOTIFICATIONS_LIMIT } from '@shared/constants';
import type { TNotification } from '@shared/schemas/notification';
import type { TProject } from '@shared/schemas/project';
import type { TSyncCheckpoint } from '@shared/schemas/sync';
import type { TSyncCollection } from '@shared/sync-texts';
import { myProjectsQueryKey, notificationsQueryKey, savedProjectsQueryKey, unreadCountQueryKey } from '@web/lib/query-keys';
import { onSyncSignal } from '@web/lib/sync-signals';
import { stopWhenSignedOut, syncJson } from './signed-out';
import { LAST_SYNC, localStore, readMeta, writeMeta, type LocalCollections, type LocalStore, type ReplicaDoc } from './local-store';

type ReplicaName = 'notifications' | 'saved' | 'ownprojects';
type ServerDoc = { id: string; _deleted: boolean; notification?: TNotification; project?: TProject; savedAt?: string };

const REPLICAS: { name: ReplicaName; endpoint: TSyncCollection; toDoc: (d: ServerDoc) => Omit<ReplicaDoc, 'id'> }[] = [
  { name: 'notifications', endpoint: 'notifications', toDoc: (d) => ({ doc: d.notification!, order: d.notification!.createdAt }) },
  { name: 'saved', endpoint: 'saved', toDoc: (d) => ({ doc: d.project!, order: d.savedAt! }) },
  { name: 'ownprojects', endpoint: 'projects', toDoc: (d) => ({ doc: d.project!, order: d.project!.createdAt }) },
];

/** Set once a replica's first pull is stored: before that, the cached answers are all there is. */
const syncedKey = (name: ReplicaName) => `replica:${name}`;

let running: RxReplicationState<ReplicaDoc, TSyncCheckpoint>[] = [];

/** Starts pulling the three collections while the member is signed in; answers a stop function. */
export async function startReplicas(): Promise<() => void> {
  const db = await localStore();
  if (!db || running.length > 0) return () => undefined;
  const { replicateRxCollection } = await import('rxdb/plugins/replication');
  const pulls = new Map<TSyncCollection, Subject<RxReplicationPullStreamItem<ReplicaDoc, TSyncCheckpoint>>>();
  running = REPLICAS.map(({ name, endpoint, toDoc }) => {
    const stream = new Subject<RxReplicationPullStreamItem<ReplicaDoc, TSyncCheckpoint>>();
    pulls.set(endpoint, stream);
    const replication = replicateRxCollection<ReplicaDoc, TSyncCheckpoint>({
      collection: db[name] as LocalCollections[ReplicaName],
      replicationIdentifier: `${name}-pull-v1`,
      live: true,
      retryTime: 5_000,
      pull: {
        batchSize: 200,
        stream$: stream.asObservable(),
        handler: async (checkpoint, batchSize) => {
          const qs = new URLSearchParams({ limit: String(batchSize), ...(checkpoint ?? {}) });
          const page = await syncJson<{ documents: ServerDoc[]; checkpoint: TSyncCheckpoint | null }>('GET', `/api/sync/${endpoint}?${qs}`);
          await writeMeta(db, LAST_SYNC, String(Date.now()));
          return {
            checkpoint: page.checkpoint ?? checkpoint,
            documents: page.documents.map((d) => (d._deleted ? { id: d.id, doc: {}, order: '', _deleted: true } : { id: d.id, ...toDoc(d), _deleted: false })),
          };
        },
      },
    });
    // The replica answers its screen offline only once its first pull is stored in the collection, not
    // when the pull answered: a page left in between would otherwise show an empty list offline.
    void replication.awaitInitialReplication().then(
      () => writeMeta(db, syncedKey(name), '1'),
      () => undefined,
    );
    return replication;
  });
  const resync = (endpoint?: TSyncCollection) => {
    for (const [name, stream] of pulls) if (!endpoint || name === endpoint) stream.next('RESYNC');
  };
  const stopSignals = onSyncSignal((signal) => resync(signal === 'all' ? undefined : signal));
  const onOnline = () => resync();
  window.addEventListener('online', onOnline);
  const stop = async () => {
    stopSignals();
    unregister();
    window.removeEventListener('online', onOnline);
    const ending = running;
    running = [];
    await Promise.all(ending.map((r) => r.cancel()));
  };
  const unregister = stopWhenSignedOut(stop);
  return () => void stop();
}

async function newestFirst(db: LocalStore, name: ReplicaName): Promise<Record<string, unknown>[]> {
  const docs = await db[name].find({ sort: [{ order: 'desc' }, { id: 'desc' }] }).exec();
  return docs.map((d) => d.doc as Record<string, unknown>);
}

/** The screens' answers as the replicas hold them (only the replicas that have pulled at least once). */
async function replicaAnswers(db: LocalStore): Promise<[QueryKey, unknown][]> {
  const answers: [QueryKey, unknown][] = [];
  if (await readMeta(db, syncedKey('notifications'))) {
    const all = (await newestFirst(db, 'notifications')) as unknown as TNotification[];
    answers.push([notificationsQueryKey, all.slice(0, NOTIFICATIONS_LIMIT)]);
    answers.push([unreadCountQueryKey, { count: all.filter((n) => !n.read).length }]);
  }
  if (await readMeta(db, syncedKey('saved'))) answers.push([savedProjectsQueryKey, await newestFirst(db, 'saved')]);
  if (await readMeta(db, syncedKey('ownprojects'))) answers.push([myProjectsQueryKey, await newestFirst(db, 'ownprojects')]);
  return answers;
}

/**
 * Offline, the replicated lists answer their screens: at an offline start they replace the cached
 * answers (they were kept current by pulls since); when the network goes away mid-visit they fill the
 * screens that were never loaded.
 */
export async function answerFromReplicas(qc: QueryClient, { replace }: { replace: boolean }): Promise<void> {
  const db = await localStore();
  if (!db) return;
  const updatedAt = Number((await readMeta(db, LAST_SYNC)) ?? Date.now());
  for (const [key, data] of await replicaAnswers(db)) {
    if (!replace && qc.getQueryData(key) !== undefined) continue;
    qc.setQueryData(key, data, { updatedAt });
  }
}
