import { KIND_OF_TYPE, NOTIFICATION_KIND_LABELS, settingsWithDefaults, type TNotificationSettings } from '@shared/schemas/notification-settings';
import type { EventBus, HandlerContext } from '../../events/domain-events';
import { queueMail } from '../../mail/mail-queue';
import { announceNotifications } from './announce-notifications';
import { findRecipients, insertNotifications, NOTIFICATION_MAIL_KEY, type NewNotification } from './notifications.repository';

/** The channel the recipient chose for this notification's kind; kindless types always go to the app. */
function channelFor(settings: TNotificationSettings, type: string) {
  const kind = KIND_OF_TYPE[type];
  if (!kind) return { kind: null, channel: 'app' as const };
  return { kind, channel: settings[kind] };
}

/**
 * Stores notifications as their recipients asked, in the event's transaction: a kind set to Off is not
 * stored, one set to email is also queued as a mail (to a verified address, with its unsubscribe link),
 * a digest's kinds wait for the daily digest. Once it commits, realtime tells the members' open sessions.
 */
export async function deliverNotifications(ctx: HandlerContext, events: EventBus, values: readonly NewNotification[]): Promise<void> {
  if (values.length === 0) return;
  const recipients = await findRecipients(ctx.db, values.map((v) => v.userId));
  // Each recipient's stored settings are read once, whatever the batch holds for them.
  const settings = new Map([...recipients].map(([id, r]) => [id, settingsWithDefaults(r.settings)]));
  const kept = values.filter((v) => settings.has(v.userId) && channelFor(settings.get(v.userId)!, v.type).channel !== 'off');
  const rows = await insertNotifications(ctx.db, kept);
  let mailed = false;
  for (const row of rows) {
    const to = recipients.get(row.userId)!;
    const { kind, channel } = channelFor(settings.get(row.userId)!, row.type);
    if (!kind || channel !== 'email' || !to.email || !to.emailVerified || to.isHidden) continue;
    await queueMail(
      ctx.db,
      {
        template: 'notification',
        to: to.email,
        data: { name: to.name, title: row.title, message: row.message, kindLabel: NOTIFICATION_KIND_LABELS[kind] },
        link: { path: row.link ?? '/notifications' },
        unsubscribe: { userId: to.id, kind },
      },
      `${NOTIFICATION_MAIL_KEY}${row.id}`,
    );
    mailed = true;
  }
  ctx.afterCommit(async () => {
    if (mailed) events.nudge();
    await announceNotifications(events, rows);
  });
}
