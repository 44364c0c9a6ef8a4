// Every write that may wait in the outbox, typed: the outbox stores these, never a URL, and this file is
// the one place that knows each one's path, body, label and what it refreshes.
import type { TCommentRequest } from '@shared/schemas/interactions';
import type { TProfileUpdate } from '@shared/schemas/user';
import {
  commentsQueryKey,
  followingProjectsQueryKey,
  interactionsQueryKey,
  myProjectsQueryKey,
  notificationsQueryKey,
  projectQueryKey,
  savedProjectsQueryKey,
  unreadCountQueryKey,
  userQueryKey,
  userRatingQueryKey,
  usersQueryKey,
} from '@web/lib/query-keys';
import { publishFormFor } from '@web/offline/draft-files';
import type { WriteRoute } from '@web/offline/outbox';

export type TWrite =
  | { kind: 'reaction'; projectId: string; remove: boolean }
  | { kind: 'save'; projectId: string; remove: boolean }
  | { kind: 'rating'; projectId: string; rating: number }
  | { kind: 'share'; projectId: string }
  | { kind: 'comment'; projectId: string; input: TCommentRequest }
  | { kind: 'mark-read'; notificationId: number }
  | { kind: 'profile'; input: TProfileUpdate }
  | { kind: 'publish-draft'; draftId: string }
  | { kind: 'publish-version'; projectId: number };

/** A write queued before writes were typed: the request as it was sent (the store converts it once). */
export type TRequestWrite = { kind: 'request'; method: string; url: string; body?: unknown };

type Kind = TWrite['kind'];
type WriteOf<K extends Kind> = Extract<TWrite, { kind: K }>;

/** Each kind's path; `:name` parts are the write's fields. */
const PATHS: Record<Kind, string> = {
  reaction: '/api/projects/:projectId/react',
  save: '/api/projects/:projectId/save',
  rating: '/api/projects/:projectId/rate',
  share: '/api/projects/:projectId/share',
  comment: '/api/projects/:projectId/comments',
  'mark-read': '/api/notifications/:notificationId/read',
  profile: '/api/user/profile',
  'publish-draft': '/api/drafts/:draftId/publish',
  'publish-version': '/api/projects/:projectId/versions',
};

function pathOf(w: TWrite): string {
  const fields = w as unknown as Record<string, unknown>;
  return PATHS[w.kind].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(fields[name])));
}

/** The offline draft code loads with the drafts screen; a publish from elsewhere loads it when sent. */
const draftSync = () => import('@web/offline/drafts');

type Route = Omit<WriteRoute, 'url'>;
const ROUTES: { [K in Kind]: (w: WriteOf<K>) => Route } = {
  reaction: (w) => ({
    method: w.remove ? 'DELETE' : 'POST',
    body: { type: 'like' },
    label: w.remove ? 'Remove like' : 'Like',
    refresh: [projectQueryKey(w.projectId), interactionsQueryKey(w.projectId)],
  }),
  save: (w) => ({
    method: w.remove ? 'DELETE' : 'POST',
    label: w.remove ? 'Unsave' : 'Save',
    refresh: [projectQueryKey(w.projectId), interactionsQueryKey(w.projectId), savedProjectsQueryKey],
  }),
  rating: (w) => ({
    method: 'POST',
    body: { rating: w.rating },
    label: `Rating ${w.rating}`,
    refresh: [projectQueryKey(w.projectId), userRatingQueryKey(w.projectId)],
  }),
  share: (w) => ({ method: 'POST', label: 'Share', refresh: [projectQueryKey(w.projectId), followingProjectsQueryKey] }),
  comment: (w) => ({
    method: 'POST',
    body: w.input,
    label: 'Comment',
    refresh: [commentsQueryKey(w.projectId), projectQueryKey(w.projectId)],
  }),
  'mark-read': () => ({ method: 'PATCH', label: 'Mark notification read', refresh: [notificationsQueryKey, unreadCountQueryKey] }),
  profile: (w) => ({ method: 'PATCH', body: w.input, label: 'Profile edit', refresh: [userQueryKey, usersQueryKey] }),
  'publish-draft': (w) => ({
    method: 'POST',
    label: 'Publish draft',
    refresh: [myProjectsQueryKey],
    // The server publishes the draft it holds: local edits go up first. The files kept on this device
    // go with the publish; once published, the project holds them and the draft is pulled again.
    before: async () => (await draftSync()).draftsInSync(),
    form: () => publishFormFor(w.draftId),
    after: () => void draftSync().then((d) => d.draftPublished(w.draftId)),
  }),
  'publish-version': (w) => ({
    method: 'POST',
    label: 'Publish new version',
    refresh: [projectQueryKey(String(w.projectId))],
    // The files taken from the linked folder, kept on this device until sent.
    form: () => publishFormFor(`version-${w.projectId}`),
    after: () => void import('@web/offline/folder-links').then((f) => f.versionPublished(w.projectId)),
  }),
};

/** How a write is sent. */
export function routeOf(w: TWrite): WriteRoute {
  const route = (ROUTES[w.kind] as (w: TWrite) => Route)(w);
  return { ...route, url: pathOf(w) };
}

/** Reads a queued request back as the typed write it was; null when it is none of them. */
function writeFromRequest({ method, url, body }: TRequestWrite): TWrite | null {
  for (const [kind, path] of Object.entries(PATHS) as [Kind, string][]) {
    const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const match = new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`).exec(url);
    if (!match) continue;
    const f = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)])) as Record<string, string>;
    const given = (body ?? {}) as Record<string, unknown>;
    const remove = method === 'DELETE';
    switch (kind) {
      case 'reaction':
      case 'save':
        return { kind, projectId: f.projectId!, remove };
      case 'rating':
        return { kind, projectId: f.projectId!, rating: Number(given.rating) };
      case 'share':
        return { kind, projectId: f.projectId! };
      case 'comment':
        return { kind, projectId: f.projectId!, input: given as TCommentRequest };
      case 'mark-read':
        return { kind, notificationId: Number(f.notificationId) };
      case 'profile':
        return { kind, input: given as TProfileUpdate };
      case 'publish-draft':
        return { kind, draftId: f.draftId! };
      case 'publish-version':
        return { kind, projectId: Number(f.projectId) };
    }
  }
  return null;
}

/** The typed write of a queued entry (an entry of the store's first version is read back); null if none. */
export function typedWrite(w: TWrite | TRequestWrite): TWrite | null {
  return w.kind === 'request' ? writeFromRequest(w) : w;
}
