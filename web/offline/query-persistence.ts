// TanStack Query stays the fetching layer; this keeps its answers in the local store so a revisit (or a
// reload offline) paints from them at once, then refreshes from the network.
import type { Query, QueryClient } from '@tanstack/react-query';
import { LAST_SYNC, localStore, readMeta, wipeLocalStore, writeMeta, type LocalStore } from './local-store';
import { keptKindOf } from '@web/lib/query-keys';
import { answerFromReplicas } from './replicas';


/** Opened projects kept beyond this are evicted oldest first (with their comments and extras). */
const MAX_CACHED_PROJECTS = 200;
const OWNER = 'owner';


/** While the store fills the query client, those answers are not written back. */
let hydrating = false;

async function hydrate(db: LocalStore, qc: QueryClient): Promise<void> {
  const docs = await db.querycache.find().exec();
  hydrating = true;
  for (const doc of docs) {
    const key = JSON.parse(doc.key) as unknown[];
    // A query already fetched in this page (the auth check) is newer than the stored copy.
    if (qc.getQueryState(key)?.dataUpdatedAt) continue;
    qc.setQueryData(key, doc.data, { updatedAt: doc.updatedAt });
  }
  hydrating = false;
}

async function evict(db: LocalStore): Promise<void> {
  const projects = await db.querycache.find({ selector: { kind: 'project' }, sort: [{ updatedAt: 'desc' }] }).exec();
  const evicted = projects.slice(MAX_CACHED_PROJECTS);
  if (evicted.length === 0) return;
  // One read of the extras for all evicted projects, not one per project.
  const ids = new Set(evicted.map((old) => (JSON.parse(old.key) as unknown[])[1]));
  const extras = await db.querycache.find({ selector: { kind: 'project-extra' } }).exec();
  await Promise.all([...extras.filter((e) => ids.has((JSON.parse(e.key) as unknown[])[1])), ...evicted].map((d) => d.remove()));
}

async function persist(db: LocalStore, query: Query): Promise<void> {
  const kind = keptKindOf(query.queryKey);
  if (!kind || query.state.data === undefined) return;
  try {
    await db.querycache.upsert({ key: JSON.stringify(query.queryKey), data: query.state.data, kind, updatedAt: query.state.dataUpdatedAt });
    await writeMeta(db, LAST_SYNC, String(query.state.dataUpdatedAt));
    if (kind === 'project') await evict(db);
  } catch (err) {
    // A full quota: drop the cached reads (never the outbox or drafts) and go on online.
    if (err instanceof Error && /quota/i.test(`${err.name} ${err.message}`)) await db.querycache.find().remove();
    else throw err;
  }
}

/**
 * Restores the stored answers into the query client before the first paint. Online, the member is
 * checked first so nobody ever sees another member's cached data: another member or a visitor wipes the
 * store. Offline, the device's last member is the only one who could be reading.
 */
export async function restoreQueries(qc: QueryClient, fetchUser: () => Promise<{ id: string } | null>): Promise<void> {
  const db = await localStore();
  if (!db) return;
  const owner = await readMeta(db, OWNER);
  if (navigator.onLine) {
    let user: { id: string } | null | undefined;
    try {
      user = await fetchUser();
    } catch {
      user = undefined; // the network failed after all: treat as offline
    }
    if (user !== undefined && user?.id !== owner) {
      // Another member's (or a signed-out member's) data never shows; an empty store just gets its owner.
      if (owner !== null) await wipeLocalStore();
      const fresh = await localStore();
      if (fresh && user) await writeMeta(fresh, OWNER, user.id);
      return;
    }
    // Online, the network is the source: a server error shows as the screen's error, not as old data.
    if (user !== undefined) return;
  }
  if (owner) {
    await hydrate(db, qc);
    await answerFromReplicas(qc, { replace: true });
  }
}

/** Keeps every successful read of a kept kind in the store from now on. */
export function persistQueries(qc: QueryClient): () => void {
  return qc.getQueryCache().subscribe((event) => {
    if (hydrating || event.type !== 'updated' || event.action.type !== 'success') return;
    const query = event.query;
    void localStore().then(async (db) => {
      if (!db) return;
      // The signed-in member's read decides who owns the store.
      if (keptKindOf(query.queryKey) === 'user') {
        const user = query.state.data as { id: string } | null;
        const owner = await readMeta(db, OWNER);
        if (!user) return void (owner ? wipeLocalStore() : undefined);
        if (owner !== user.id) {
          if (owner) await wipeLocalStore();
          const fresh = await localStore();
          if (fresh) await writeMeta(fresh, OWNER, user.id);
        }
      }
      const current = await localStore();
      if (current && (await readMeta(current, OWNER)) !== null) await persist(current, query);
    });
  });
}

/** Stores what the query client already holds (answers that came before the store was ready). */
export async function persistExisting(qc: QueryClient): Promise<void> {
  const db = await localStore();
  if (!db || (await readMeta(db, OWNER)) === null) return;
  for (const query of qc.getQueryCache().getAll()) {
    if (query.state.status === 'success') await persist(db, query);
  }
}

export async function lastSyncedAt(): Promise<number | null> {
  const db = await localStore();
  if (!db) return null;
  const v = await readMeta(db, LAST_SYNC);
  return v ? Number(v) : null;
}
