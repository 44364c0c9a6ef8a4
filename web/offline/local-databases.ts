// The IndexedDB databases of the local store, found and deleted by name without RxDB: the static landing
// page (web/app/static-landing) wipes a signed-out member's store with this, in a few hundred bytes.
// Imports nothing: the landing page's script must stay tiny.

/**
 * RxDB's database name. Its Dexie storage names every IndexedDB database of the store after it
 * (`rxdb-dexie-buildboard--0--<collection>`, `..._rxdb_internal`), and the draft files' database
 * (draft-files.ts) holds it too, so every database of the store has it in its name.
 */
export const LOCAL_STORE_NAME = 'buildboard';

/** The store's IndexedDB databases; none where the browser cannot list them (IndexedDB off, old browsers). */
async function localDatabaseNames(): Promise<string[]> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return [];
  const all = await indexedDB.databases();
  return all.map((d) => d.name ?? '').filter((name) => name.includes(LOCAL_STORE_NAME));
}

/**
 * Deletes every database of the store (what wipeLocalStore removes through RxDB). A deletion that another
 * open tab blocks completes when that tab lets go (Dexie closes on the version change); it is not awaited.
 */
export async function deleteLocalDatabases(): Promise<void> {
  const names = await localDatabaseNames();
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const req = indexedDB.deleteDatabase(name);
          req.onsuccess = req.onerror = req.onblocked = () => resolve();
        }),
    ),
  );
}
