import { and, desc, eq, gt, inArray, isNotNull, lte, or, isNull, sql } from 'drizzle-orm';
import { KIND_OF_TYPE, settingsWithDefaults } from '@shared/schemas/notification-settings';
import type { AppDeps } from '../../deps';
import { notifications, users } from '../../db/schema';
import type { ScheduledJob } from '../../jobs/job-runner';
import { queueMail } from '../../mail/mail-queue';
import { displayNameSql } from '../projects/project-card-sql';

const DAY_MS = 86_400_000;
/** Members looked at a run; the rest wait for the next hourly run. */
const PER_RUN = 500;
/** Items a digest lists; beyond, it says how many more. */
const SHOWN = 20;

/** Hourly, once across instances: each member with digest kinds gets at most one digest a day. */
export function dailyDigestJob(deps: Pick<AppDeps, 'db' | 'outbox'>): ScheduledJob {
  return { name: 'notification-digest', intervalMs: 60 * 60 * 1000, run: () => sendDailyDigests(deps).then(() => undefined) };
}

/** Sends the digests that are due; answers how many were queued. */
export async function sendDailyDigests(deps: Pick<AppDeps, 'db' | 'outbox'>, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  // Only stored settings can choose the digest (no kind defaults to it).
  const due = await deps.db
    .select({ id: users.id, email: users.email, name: sql<string>`${displayNameSql('users')}`, settings: users.notificationSettings, since: users.digestSentAt })
    .from(users)
    .where(
      and(
        sql`EXISTS (SELECT 1 FROM jsonb_each_text(${users.notificationSettings}) s WHERE s.value = 'digest')`,
        or(isNull(users.digestSentAt), lte(users.digestSentAt, dayAgo)),
        isNotNull(users.emailVerifiedAt),
        eq(users.isHidden, false),
      ),
    )
    .limit(PER_RUN);
  let queued = 0;
  for (const member of due) {
    const settings = settingsWithDefaults(member.settings);
    const types = Object.entries(KIND_OF_TYPE).filter(([, kind]) => settings[kind] === 'digest').map(([type]) => type);
    const since = member.since ?? dayAgo;
    await deps.db.transaction(async (tx) => {
      // The newest SHOWN, each row also carrying how many there are in all.
      const items = await tx
        .select({ title: notifications.title, message: notifications.message, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
        .from(notifications)
        .where(and(eq(notifications.userId, member.id), inArray(notifications.type, types), gt(notifications.createdAt, since), eq(notifications.read, false)))
        .orderBy(desc(notifications.id))
        .limit(SHOWN);
      if (items.length > 0 && member.email) {
        const more = items[0]!.total - items.length;
        await queueMail(
          tx,
          { template: 'digest', to: member.email, data: { name: member.name, items: items.map(({ title, message }) => ({ title, message })), more }, link: { path: '/notifications' } },
          `digest:${member.id}:${now.toISOString().slice(0, 10)}`,
        );
        queued++;
      }
      await tx.update(users).set({ digestSentAt: now }).where(eq(users.id, member.id));
    });
  }
  if (queued) deps.outbox.nudge();
  return queued;
}
