import { isAdmin } from '../../access/access-policy';
import type { TSyncCheckpoint, TSyncCollection, TSyncDocument, TSyncPullQuery, TSyncPullResponse } from '@shared/schemas/sync';
import type { AppDeps } from '../../deps';
import { toNotification } from '../notifications/notification-view';
import type { UserRow } from '../users/users.repository';
import { toDraft } from './draft-view';
import { pullDrafts, pullNotifications, pullOwnProjects, pullSaved, pullTombstones, syncHorizon, type Page } from './sync.repository';

type Entry<C extends TSyncCollection> = { seq: number; id: string; doc: TSyncDocument<C> };

/** Orders like the SQL (seq, id collate "C"), so merged live rows and tombstones keep one order. */
function byPosition(a: { seq: number; id: string }, b: { seq: number; id: string }): number {
  if (a.seq !== b.seq) return a.seq - b.seq;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

async function liveEntries(deps: Pick<AppDeps, 'db' | 'config'>, user: UserRow, collection: TSyncCollection, page: Page) {
  const previewOrigin = deps.config.PREVIEW_ORIGIN;
  switch (collection) {
    case 'notifications':
      return (await pullNotifications(deps.db, user.id, page)).map((r) => ({
        seq: r.syncSeq,
        id: String(r.id),
        doc: { id: String(r.id), _deleted: false as const, notification: toNotification(r) },
      }));
    case 'saved':
      return (await pullSaved(deps.db, user.id, page, isAdmin(user), previewOrigin)).map((r) => ({
        seq: r.savedSeq,
        id: String(r.id),
        doc: {
          id: String(r.id),
          _deleted: false as const,
          savedAt: new Date(r.savedAt).toISOString(),
          project: r.card,
        },
      }));
    case 'projects':
      return (await pullOwnProjects(deps.db, user.id, page, previewOrigin)).map((r) => ({
        seq: r.syncSeq,
        id: String(r.id),
        doc: { id: String(r.id), _deleted: false as const, project: r.card },
      }));
    case 'drafts':
      // A deleted draft stays a row (its id must not be reused) and travels as a tombstone.
      return (await pullDrafts(deps.db, user.id, page)).map((r) => ({
        seq: r.syncSeq,
        id: r.id,
        doc: r.deleted ? { id: r.id, _deleted: true as const } : { id: r.id, _deleted: false as const, draft: toDraft(r) },
      }));
  }
}

/**
 * One page of the member's documents changed after the checkpoint, in commit order, deletions as
 * tombstones. The answer's checkpoint is where the next pull starts; an empty page keeps the old one.
 */
export async function pullChanges<C extends TSyncCollection>(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: UserRow,
  collection: C,
  query: TSyncPullQuery,
): Promise<TSyncPullResponse<C>> {
  const horizon = await syncHorizon(deps.db);
  const cursor = query.seq !== undefined && query.id !== undefined ? { seq: Number(query.seq), id: query.id } : null;
  const page: Page = { cursor, horizon, limit: query.limit };
  const live = (await liveEntries(deps, user, collection, page)) as Entry<C>[];
  const dead: Entry<C>[] =
    collection === 'drafts'
      ? []
      : (await pullTombstones(deps.db, user.id, collection, page)).map((t) => ({
          seq: t.seq,
          id: t.id,
          doc: { id: t.id, _deleted: true } as TSyncDocument<C>,
        }));
  const merged = [...live, ...dead].sort(byPosition).slice(0, query.limit);
  const last = merged.at(-1);
  const checkpoint: TSyncCheckpoint | null = last
    ? { seq: String(last.seq), id: last.id }
    : cursor
      ? { seq: String(cursor.seq), id: cursor.id }
      : null;
  return { documents: merged.map((e) => e.doc), checkpoint };
}
