import type { AppDeps } from '../../deps';
import { refreshAuthorTrendingScores } from '../discovery/discovery.repository';
import { announceNotifications } from '../notifications/announce-notifications';
import { insertNotification, type NewNotification, type NotificationRow } from '../notifications/notifications.repository';
import type { UserRow } from '../users/users.repository';
import { lockUser, recordStripeEvent, setPremiumFields, type PremiumFields } from './premium.repository';

export type PremiumDeps = Pick<AppDeps, 'db' | 'cache' | 'events'>;

type Outcome = { row: UserRow | undefined; written: boolean; notification: NotificationRow | null };

export type PremiumChange = {
  /** The member's new premium fields; null changes none (a notification or a ledger entry alone). */
  fields: PremiumFields | null;
  /**
   * When these fields were read from Stripe (taken before the read began): two deliveries that read
   * Stripe at once may finish in either order, and the earlier read never overwrites the later one.
   * Null for a grant by hand, which always applies.
   */
  readAt: Date | null;
  /** The webhook event this change comes from: recorded in the same transaction, so it applies once. */
  stripeEvent?: { id: string; type: string; created: Date };
  notification?: Omit<NewNotification, 'userId'>;
};

/**
 * The one path of every premium change (Stripe's webhook, activation, cancelling, the admin command):
 * writes the fields, the event's ledger entry and any notification in one transaction, then re-scores
 * the member's projects (the 3x boost follows premium at once), drops the cached reads that show their
 * badge, and pushes the notification. Answers the member's row, or undefined when the event had been
 * applied before or the member is gone.
 */
export async function applyPremiumChange(deps: PremiumDeps, userId: string, change: PremiumChange): Promise<UserRow | undefined> {
  const nothing: Outcome = { row: undefined, written: false, notification: null };
  const { row, written, notification } = await deps.db.transaction(async (tx): Promise<Outcome> => {
    if (change.stripeEvent && !(await recordStripeEvent(tx, change.stripeEvent))) return nothing;
    const user = await lockUser(tx, userId);
    if (!user) return nothing;
    const notification = change.notification ? await insertNotification(tx, { ...change.notification, userId }) : null;
    const { fields, readAt } = change;
    if (!fields || (readAt && user.stripeStateAt && readAt < user.stripeStateAt)) return { row: user, written: false, notification };
    const row = await setPremiumFields(tx, userId, readAt ? { ...fields, stripeStateAt: readAt } : fields);
    return { row, written: true, notification };
  });
  if (written) {
    await refreshAuthorTrendingScores(deps.db, userId);
    // Premium shows on every read of the member: their profile, project pages, cards and comments.
    deps.cache.invalidate({ all: true });
  }
  if (notification) await announceNotifications(deps.events, [notification]);
  return row;
}
