// What the screens show as pending: the writes still waiting in the outbox, by what they are about.
import { useWatched } from '@web/lib/use-watched';
import { routeOf, type TWrite } from './write-routes';
import { watchWrites } from './send-write';

type Queued = { id: string; write: TWrite };
const NONE: Queued[] = [];

const useQueued = (): Queued[] => useWatched(watchWrites, NONE);

/** Comments on this project that wait for the network, oldest first. */
export function usePendingComments(projectId: string): { id: string; content: string }[] {
  return useQueued().flatMap(({ id, write: w }) => (w.kind === 'comment' && w.projectId === projectId ? [{ id, content: w.input.content }] : []));
}

/** The labels of this project's likes, saves and shares that wait for the network ("Like", "Save"...). */
export function usePendingProjectActions(projectId: string): string[] {
  return useQueued().flatMap(({ write: w }) =>
    (w.kind === 'reaction' || w.kind === 'save' || w.kind === 'share') && w.projectId === projectId ? [routeOf(w).label] : [],
  );
}

/** The notifications whose mark-read waits for the network. */
export function usePendingReadIds(): Set<number> {
  return new Set(useQueued().flatMap(({ write: w }) => (w.kind === 'mark-read' ? [w.notificationId] : [])));
}

/** The drafts whose publish waits for the network. */
export function usePendingPublishes(): Set<string> {
  return new Set(useQueued().flatMap(({ write: w }) => (w.kind === 'publish-draft' ? [w.draftId] : [])));
}
