import { eq } from 'drizzle-orm';
import { publicNameOf } from '@shared/format';
import { projects } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { findUserById } from '../users/users.repository';
import { insertNotification, type NewNotification } from './notifications.repository';

/** Turns domain events into stored notifications with a sentence a person understands. Never for oneself. */
export function registerNotificationHandlers(deps: Pick<AppDeps, 'db' | 'events'>): void {
  const { db, events } = deps;

  /** Stores the notification, then tells realtime so the member's open sessions see it at once. */
  const store = async (values: NewNotification) => {
    const row = await insertNotification(db, values);
    await events.emit('notification:created', {
      userId: row.userId,
      notification: {
        id: row.id,
        title: row.title,
        message: row.message,
        link: row.link,
        read: row.read,
        createdAt: new Date(row.createdAt).toISOString(),
      },
    });
  };

  const projectOf = async (id: number) =>
    (await db.select({ id: projects.id, title: projects.title, authorId: projects.authorId }).from(projects).where(eq(projects.id, id)))[0];

  const notifyAuthor = async (
    type: string,
    actorId: string,
    projectId: number,
    title: string,
    sentence: (actor: string, project: string) => string,
  ) => {
    const project = await projectOf(projectId);
    if (!project || project.authorId === actorId) return;
    const actor = await findUserById(db, actorId);
    if (!actor) return;
    await store({
      userId: project.authorId,
      actorId,
      type,
      title,
      message: sentence(publicNameOf(actor), project.title),
      link: `/project/${project.id}`,
      projectId: project.id,
    });
  };

  events.on('user:followed', async ({ followerId, followingId }) => {
    if (followerId === followingId) return;
    const follower = await findUserById(db, followerId);
    if (!follower) return;
    await store({
      userId: followingId,
      actorId: followerId,
      type: 'follow',
      title: 'New follower',
      message: `${publicNameOf(follower)} started following you`,
      link: `/profile/${follower.handle}`,
    });
  });
  events.on('project:liked', ({ actorId, projectId }) =>
    notifyAuthor('like', actorId, projectId, 'New like', (a, p) => `${a} liked your project "${p}"`),
  );
  events.on('project:commented', ({ actorId, projectId }) =>
    notifyAuthor('comment', actorId, projectId, 'New comment', (a, p) => `${a} commented on your project "${p}"`),
  );
  events.on('project:rated', ({ actorId, projectId, rating }) =>
    notifyAuthor('rating', actorId, projectId, 'New rating', (a, p) => `${a} rated your project "${p}" ${rating} star${rating === 1 ? '' : 's'}`),
  );
  events.on('project:shared', ({ actorId, projectId }) =>
    notifyAuthor('share', actorId, projectId, 'Project shared', (a, p) => `${a} shared your project "${p}"`),
  );
}
