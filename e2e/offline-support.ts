// Helpers of the offline specs (e2e/offline.spec.ts) and the offline revisit benchmark
// (bench/offline-revisit.spec.ts).
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { createProjectViaApi, newMember, registerOnly, signUpViaApi } from './support';

export const createProject = (page: Page, baseURL: string, title: string) =>
  createProjectViaApi(page.request, baseURL, { title, description: 'Readable without a network.', thumbnail: `${baseURL}/demo/thumb-2.svg`, category: 'Web Development' });

/** The service worker controls the page: from now on a reload offline still opens the app. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return !!navigator.serviceWorker.controller;
  });
}

/** Records of member data left in the local store's IndexedDB databases (RxDB's own metadata aside). */
export async function localRecords(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let n = 0;
    for (const info of await indexedDB.databases()) {
      if (!info.name?.includes('buildboard')) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        if (info.name.includes('_rxdb_internal') || store.includes('rxdb_internal')) continue;
        n += await new Promise<number>((resolve) => {
          const req = db.transaction(store).objectStore(store).count();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => resolve(0);
        });
      }
      db.close();
    }
    return n;
  });
}

/** Waits until the local store holds a cached read of `kind` whose JSON contains `needle` (writes are
 * asynchronous, and a full-page navigation would cut an unfinished one short). */
export async function waitForStored(page: Page, kind: string, needle: string) {
  await expect
    .poll(() =>
      page.evaluate(async ([kind, text]) => {
        for (const info of await indexedDB.databases()) {
          if (!info.name?.includes('buildboard') || info.name.includes('_rxdb_internal')) continue;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const req = indexedDB.open(info.name!);
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error);
          });
          try {
            for (const store of Array.from(db.objectStoreNames)) {
              const all = await new Promise<unknown[]>((resolve) => {
                const req = db.transaction(store).objectStore(store).getAll();
                req.onsuccess = () => resolve(req.result);
                req.onerror = () => resolve([]);
              });
              const hit = (r: unknown) => (r as { kind?: string }).kind === kind && JSON.stringify(r).includes(text);
              if (all.some(hit)) return true;
            }
          } finally {
            db.close();
          }
        }
        return false;
      }, [kind, needle] as const),
    )
    .toBe(true);
}

export async function memberWithData(context: BrowserContext, baseURL: string) {
  const authorPage = await context.browser()!.newContext({ baseURL }).then((c) => c.newPage());
  await signUpViaApi(authorPage, newMember('Grace', 'Hopper'));
  const project = await createProject(authorPage, baseURL, `Offline ${Date.now().toString(36)}`);
  const page = await context.newPage();
  const reader = await registerOnly(page.request, newMember('Linus', 'Offline'));
  await page.request.post(`/api/projects/${project.id}/save`);
  const follow = await authorPage.request.post(`/api/users/${reader.user.handle}/follow`);
  expect(follow.status()).toBe(200);
  return { page, project, authorPage };
}
