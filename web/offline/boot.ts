import type { QueryClient } from '@tanstack/react-query';
import type { TCurrentUser } from '@shared/schemas/auth';
import { userQueryOptions } from '@web/lib/use-user';
import { persistExisting, persistQueries, restoreQueries } from './query-persistence';
import { answerFromReplicas } from './replicas';

/**
 * The signed-in member as the server says (null: a visitor): the auth query's answer, which the page has
 * usually fetched already when this runs online (after the first screen); fetched now otherwise.
 */
function fetchUser(qc: QueryClient): Promise<TCurrentUser | null> {
  return qc.ensureQueryData(userQueryOptions());
}

/**
 * Fill the query client from the local store (after checking who is signed in when there is a network),
 * mark what came from the store for a refresh, and keep new answers stored. Online this runs once the
 * first screen is up; offline before the first paint (web/main.tsx).
 */
export async function bootOfflineStore(qc: QueryClient): Promise<void> {
  // Stores every answer from here on, the auth check's included (it is what an offline start shows).
  persistQueries(qc);
  const restored = restoreQueries(qc, () => fetchUser(qc))
    .catch((err: unknown) => console.warn('Could not restore the local store', err))
    .then(() => persistExisting(qc))
    .then(() => qc.invalidateQueries({ refetchType: 'none' }));
  // A visit that loses the network fills the screens it never loaded from the replicated lists.
  window.addEventListener('offline', () => void answerFromReplicas(qc, { replace: false }));
  // Online the page paints at once and the network answers; the store fills what is still missing.
  // Offline the store is all there is: wait for it before the first paint.
  if (!navigator.onLine) await restored;
}
