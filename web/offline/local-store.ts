// The member's local store (RxDB on IndexedDB through Dexie): what the screens paint from before the
// network answers, drafts replicated both ways, and the outbox of writes made offline. One database per
// browser profile, owned by one member: it is wiped when they sign out or someone else signs in.
// RxDB itself is loaded on first use (it is not needed to paint a page online).
import type { RxCollection, RxDatabase, RxJsonSchema } from 'rxdb';
import { markPageSettled } from '@web/lib/after-first-paint';
import type { CachedQueryDoc, DraftDoc, MetaDoc, OutboxDoc, ReplicaDoc, StoredRequestV0 } from './local-types';
import { wipeDraftFiles } from './draft-files';
import { wipeFolderLinks } from './folder-links';
import { LOCAL_STORE_NAME } from './local-databases';

export type { CachedQueryDoc, DraftDoc, MetaDoc, OutboxDoc, ReplicaDoc } from './local-types';

/** The meta entry with when the store last took anything from the server (the offline banner shows it). */
export const LAST_SYNC = 'last-sync';

// Every schema starts at version 0; a change bumps it and adds a migration strategy in `collections`.
const cacheSchema: RxJsonSchema<CachedQueryDoc> = {
  version: 0,
  primaryKey: 'key',
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 1000 },
    data: {},
    kind: { type: 'string', maxLength: 20 },
    updatedAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['key', 'data', 'kind', 'updatedAt'],
  indexes: ['updatedAt'],
};

const outboxSchema: RxJsonSchema<OutboxDoc> = {
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 100 },
    write: { type: 'object' },
    createdAt: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    state: { type: 'string', enum: ['pending', 'failed'] },
    error: { type: ['string', 'null'] },
  },
  required: ['id', 'write', 'createdAt', 'state'],
  indexes: ['createdAt'],
};

/** Version 0 queued the request (method, url, JSON body); version 1 queues the typed write. */
const outboxMigrations = {
  1: (old: StoredRequestV0): OutboxDoc => ({
    id: old.id,
    write: { kind: 'request', method: old.method, url: old.url, body: old.body === null ? undefined : (JSON.parse(old.body) as unknown) },
    createdAt: old.createdAt,
    state: old.state,
    error: old.error,
  }),
};

const draftSchema: RxJsonSchema<DraftDoc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    data: { type: 'object' },
    revision: { type: 'number' },
    publishedProjectId: { type: ['number', 'null'] },
    updatedAt: { type: 'string' },
  },
  required: ['id', 'data', 'revision', 'updatedAt'],
};

const replicaSchema: RxJsonSchema<ReplicaDoc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    doc: { type: 'object' },
    order: { type: 'string', maxLength: 40 },
  },
  required: ['id', 'doc', 'order'],
  indexes: ['order'],
};

const metaSchema: RxJsonSchema<MetaDoc> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: { type: 'string', maxLength: 40 }, value: { type: 'string' } },
  required: ['id', 'value'],
};

export type LocalCollections = {
  querycache: RxCollection<CachedQueryDoc>;
  outbox: RxCollection<OutboxDoc>;
  drafts: RxCollection<DraftDoc>;
  meta: RxCollection<MetaDoc>;
  /** Pull-replicated from /api/sync/{notifications,saved,projects} (web/offline/replicas.ts). */
  notifications: RxCollection<ReplicaDoc>;
  saved: RxCollection<ReplicaDoc>;
  ownprojects: RxCollection<ReplicaDoc>;
};
export type LocalStore = RxDatabase<LocalCollections>;

let opening: Promise<LocalStore | null> | null = null;

const rxdb = () => Promise.all([import('rxdb'), import('rxdb/plugins/storage-dexie')]);

async function create(): Promise<LocalStore> {
  const [[{ addRxPlugin, createRxDatabase }, { getRxStorageDexie }], { draftConflictHandler }, { RxDBMigrationSchemaPlugin }] = await Promise.all([
    rxdb(),
    import('./draft-conflicts'),
    import('rxdb/plugins/migration-schema'),
  ]);
  addRxPlugin(RxDBMigrationSchemaPlugin);
  const db = await createRxDatabase<LocalCollections>({
    name: LOCAL_STORE_NAME,
    storage: getRxStorageDexie(),
    multiInstance: true,
    closeDuplicates: true,
  });
  // One collection at a time, each in its own task: RxDB prepares a collection's schema synchronously, and
  // all seven at once held the main thread for one long task while the page was still starting.
  const collections = {
    querycache: { schema: cacheSchema },
    outbox: { schema: outboxSchema, migrationStrategies: outboxMigrations },
    drafts: { schema: draftSchema, conflictHandler: draftConflictHandler },
    meta: { schema: metaSchema },
    notifications: { schema: replicaSchema },
    saved: { schema: replicaSchema },
    ownprojects: { schema: replicaSchema },
  };
  for (const [name, creator] of Object.entries(collections)) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await db.addCollections({ [name]: creator });
  }
  return db;
}

/** The store, or null where IndexedDB is unavailable (private modes, old browsers): the app then works online only. */
export function localStore(): Promise<LocalStore | null> {
  // Whoever opens it first, what waits for the store (storing answers, the offline sync) starts with it.
  if (!opening) markPageSettled();
  opening ??= create().catch((err: unknown) => {
    console.warn('Local store unavailable; offline reading is off', err);
    return null;
  });
  return opening;
}

export async function readMeta(db: LocalStore, id: string): Promise<string | null> {
  return (await db.meta.findOne(id).exec())?.value ?? null;
}

export async function writeMeta(db: LocalStore, id: string, value: string): Promise<void> {
  await db.meta.upsert({ id, value });
}

/** Removes every local document of the member (IndexedDB included); the next use starts empty. */
export async function wipeLocalStore(): Promise<void> {
  wipeFolderLinks();
  await wipeDraftFiles();
  const db = await (opening ?? Promise.resolve(null));
  opening = null;
  if (db) return void (await db.remove());
  const [{ removeRxDatabase }, { getRxStorageDexie }] = await rxdb();
  await removeRxDatabase(LOCAL_STORE_NAME, getRxStorageDexie());
}
