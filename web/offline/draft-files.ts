// Native files picked for a draft stay with it on this device until it is published. They are kept in
// IndexedDB (which stores File objects as they are) apart from the replicated drafts: files are large and
// belong to the device they were picked on, the draft's text syncs everywhere.
import { appendPickedFiles, type PickedFile } from '@web/lib/native-file-form';
import { LOCAL_STORE_NAME } from './local-databases';

/** The database's name holds the local store's, so every wipe finds it (local-databases.ts). */
const DRAFT_FILES_DB = `${LOCAL_STORE_NAME}-draft-files`;
const STORE = 'files';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DRAFT_FILES_DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('The draft files could not be opened'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('The draft files could not be saved'));
      tx.onabort = () => reject(tx.error ?? new Error('The draft files could not be saved'));
    });
  } finally {
    db.close();
  }
}

/** Keeps the draft's files (replacing what it had); no files removes the entry. */
export async function keepDraftFiles(draftId: string, files: readonly PickedFile[]): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  if (files.length === 0) return dropDraftFiles(draftId);
  await run('readwrite', (s) => s.put(files.map((f) => ({ file: f.file, path: f.path })), draftId));
}

export async function draftFiles(draftId: string): Promise<PickedFile[]> {
  if (typeof indexedDB === 'undefined') return [];
  const stored = await run<PickedFile[] | undefined>('readonly', (s) => s.get(draftId) as IDBRequest<PickedFile[] | undefined>);
  return stored ?? [];
}

/** How many files each draft keeps, read in one pass (the Drafts list shows them). */
export async function draftFileCounts(): Promise<Record<string, number>> {
  if (typeof indexedDB === 'undefined') return {};
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const counts: Record<string, number> = {};
      const req = db.transaction(STORE).objectStore(STORE).openCursor();
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return resolve(counts);
        counts[String(cursor.key)] = (cursor.value as unknown[]).length;
        cursor.continue();
      };
      req.onerror = () => reject(req.error ?? new Error('The draft files could not be read'));
    });
  } finally {
    db.close();
  }
}

export async function dropDraftFiles(draftId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await run('readwrite', (s) => s.delete(draftId));
}

/** Every draft's files go (sign-out, or another member signing in). */
export function wipeDraftFiles(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(DRAFT_FILES_DB);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}

/** The multipart body of a draft's publish when it has files kept on this device, else null. */
export async function publishFormFor(draftId: string): Promise<FormData | null> {
  const files = await draftFiles(draftId);
  if (files.length === 0) return null;
  const form = new FormData();
  appendPickedFiles(form, files);
  return form;
}
