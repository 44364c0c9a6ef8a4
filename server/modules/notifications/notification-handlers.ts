import { publicNameOf } from '@shared/format';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_KIND_LABELS } from '@shared/schemas/notification-settings';
import type { AppDeps } from '../../deps';
import type { HandlerContext } from '../../events/domain-events';
import { findUserById } from '../users/users.repository';
import { deliverNotifications } from './deliver-notifications';
import { findProjectActTargets, insertNewsNotifications, type NewNotification } from './notifications.repository';

/** Turns domain events into stored notifications with a sentence a person understands. Never for oneself. */
export function registerNotificationHandlers(deps: Pick<AppDeps, 'events' | 'cache'>): void {
  const { events, cache } = deps;

  // Registered before realtime's push (start-server.ts), so a list read on hearing the push is current.
  events.on('notification:created', ({ userId }) => cache.invalidate({ members: [userId] }));

  const store = (ctx: HandlerContext, values: NewNotification[]) => deliverNotifications(ctx, events, values);

  /** A batch of acts on projects (likes, comments...): two statements, whatever the batch's size. */
  const notifyAuthors = <E extends { actorId: string; projectId: number }>(
    type: string,
    title: string,
    sentence: (actor: string, project: string, event: E) => string,
  ) => async (batch: E[], ctx: HandlerContext) => {
    const targets = await findProjectActTargets(ctx.db, batch);
    await store(
      ctx,
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

  events.on('user:followed', async ({ followerId, followingId }, ctx) => {
    if (followerId === followingId) return;
    const follower = await findUserById(ctx.db, followerId);
    if (!follower) return;
    await store(ctx, [
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
  events.on('blog:published', async ({ actorId, title, slug }, ctx) => {
    await insertNewsNotifications(ctx.db, {
      actorId,
      title: 'Product news',
      message: `New on the Buildboard blog: "${title}"`,
      link: `/blog/${slug}`,
      defaultChannel: DEFAULT_NOTIFICATION_SETTINGS.news,
      kindLabel: NOTIFICATION_KIND_LABELS.news,
    });
    // Everyone's notification list changed: drop the cached ones; the mails go out with the outbox.
    ctx.afterCommit(() => {
      cache.invalidate({ all: true });
      events.nudge();
    });
  });
  events.onBatch('project:shared', notifyAuthors('share', 'Project shared', (a, p) => `${a} shared your project "${p}"`));
}
