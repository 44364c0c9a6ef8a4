import type { TNotificationKind } from '@shared/schemas/notification-settings';
import type { DbOrTx } from '../db/client';
import { enqueue, type OutboxTask, type OutboxTopic } from '../jobs/outbox';
import type { MailTransport } from './mail-transport';
import { MAIL_TEMPLATES, type MailTemplateData, type MailTemplateName } from './templates';

export const MAIL_TOPIC = 'mail';

/**
 * Where a mail's button goes: a path of the site, and the id of the account token the link carries.
 * The token's secret is never stored (only its hash is): the sender derives it again from the id.
 */
export type MailLink = { path: string; tokenId?: string };

type DataWithoutUrl<K extends MailTemplateName> = Omit<MailTemplateData<K>, 'url' | 'unsubscribeUrl'>;

/** Whose mail of which kind it is, for its one-click unsubscribe (RFC 8058) and its footer link. */
export type MailUnsubscribe = { userId: string; kind: TNotificationKind };

/** A mail waiting in the outbox: its template, its address and the template's data but the link. */
export type QueuedMail = {
  [K in MailTemplateName]: { template: K; to: string; data: DataWithoutUrl<K>; link?: MailLink; unsubscribe?: MailUnsubscribe };
}[MailTemplateName];

/**
 * Queues a mail in the caller's transaction: it is sent once the change that calls for it is committed,
 * and never when that change rolls back. `key` names the event, so one event makes one mail.
 */
/** The outbox key of a mail queued with this key (one mail per key, ever). */
export const mailDedupeKey = (key: string) => `mail:${key}`;

export function queueMail(db: DbOrTx, mail: QueuedMail, key: string): Promise<boolean> {
  return enqueue(db, MAIL_TOPIC, mail, { key: mailDedupeKey(key) });
}

export type MailSenderDeps = {
  transport: MailTransport;
  /** The full address of a link (the site's public address, the token's secret). */
  linkUrl(link: MailLink): string;
  /** The domain of Message-IDs (the sender address's). */
  messageIdDomain: string;
  /** The one-click unsubscribe address of a member's mails of one kind. */
  unsubscribeUrl(u: MailUnsubscribe): string;
};

/** The outbox topic that renders and sends queued mails, one at a time per instance, a few at once. */
export function mailSender(deps: MailSenderDeps): OutboxTopic<QueuedMail> {
  return {
    topic: MAIL_TOPIC,
    concurrency: 4,
    maxAttempts: 12,
    async handle(tasks: OutboxTask<QueuedMail>[]) {
      for (const { id, payload } of tasks) {
        const render = MAIL_TEMPLATES[payload.template] as (data: unknown) => ReturnType<(typeof MAIL_TEMPLATES)[MailTemplateName]>;
        const url = payload.link ? deps.linkUrl(payload.link) : undefined;
        const unsubscribeUrl = payload.unsubscribe ? deps.unsubscribeUrl(payload.unsubscribe) : undefined;
        const rendered = render({ ...payload.data, url, unsubscribeUrl });
        const headers = unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
        await deps.transport.send({ ...rendered, to: payload.to, messageId: `<mail-${id}@${deps.messageIdDomain}>`, headers });
      }
    },
  };
}
