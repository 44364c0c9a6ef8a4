import { publicNameOf } from '@shared/format';
import type { AppDeps } from '../../deps';
import { findUserById } from '../users/users.repository';
import { announceNotifications } from './announce-notifications';
import { findProjectActTargets, insertNotifications, type NewNotification } from './notifications.repository';

/** Turns domain events into stored notifications with a sentence a person understands. Never for oneself. */
export function registerNotificationHandlers(deps: Pick<AppDeps, 'db' | 'events' | 'cache'>): void {
  const { db, events, cache } = deps;

  // Registered before realtime's push (start-server.ts), so a list read on hearing the push is current.
  events.on('notification:created', ({ userId }) => cache.invalidate({ members: [userId] }));

  /** Stores the notifications, then tells realtime so each member's open sessions see theirs at once. */
  const store = async (values: NewNotification[]) => announceNotifications(events, await insertNotifications(db, values));

  /** A batch of acts on projects (likes, comments...): two statements, whatever the batch's size. */
  const notifyAuthors = <E extends { actorId: string; projectId: number }>(
    type: string,
    title: string,
    sentence: (actor: string, project: string, event: E) => string,
  ) => async (batch: E[]) => {
    const targets = await findProjectActTargets(db, batch);
    await store(
      targets
        .filter((t) => t.authorId !== t.actorId)
        .map((t) => ({
          userId: t.authorId,
          actorId: t.actorId,
          type,
          title,
          message: sentence(publicNameOf({ displayName: t.actorDisplayName, firstName: t.actorFirstName, lastName: t.actorLastName }), t.projectTitle, batch[t.ord - 1]!),
          link: `/project/${t.projectId}`,
          projectId: t.projectId,
        })),
    );
  };

  events.on('user:followed', async ({ followerId, followingId }) => {
    if (followerId === followingId) return;
    const follower = await findUserById(db, followerId);
    if (!follower) return;
    await store([
      {
        userId: followingId,
        actorId: followerId,
        type: 'follow',
        title: 'New follower',
        message: `${publicNameOf(follower)} started following you`,
        link: `/profile/${follower.handle}`,
      },
    ]);
  });
  events.onBatch('project:liked', notifyAuthors('like', 'New like', (a, p) => `${a} liked your project "${p}"`));
  events.onBatch('project:commented', notifyAuthors('comment', 'New comment', (a, p) => `${a} commented on your project "${p}"`));
  events.onBatch(
    'project:rated',
    notifyAuthors('rating', 'New rating', (a, p, { rating }) => `${a} rated your project "${p}" ${rating} star${rating === 1 ? '' : 's'}`),
  );
  events.onBatch('project:shared', notifyAuthors('share', 'Project shared', (a, p) => `${a} shared your project "${p}"`));
}
