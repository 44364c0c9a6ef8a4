import type { RenderedMail } from '../mail-message';
import { accountDeletedMail } from './account-deleted';
import { digestMail } from './digest';
import { notificationMail } from './notification';
import { emailChangedMail } from './email-changed';
import { exportReadyMail } from './export-ready';
import { passwordChangedMail } from './password-changed';
import { resetPasswordMail } from './reset-password';
import { verifyEmailMail } from './verify-email';
import { verifyNewEmailMail } from './verify-new-email';

/** Every mail the server sends, by name: a queued mail names its template and carries its data. */
export const MAIL_TEMPLATES = {
  'verify-email': verifyEmailMail,
  'verify-new-email': verifyNewEmailMail,
  'email-changed': emailChangedMail,
  'reset-password': resetPasswordMail,
  'password-changed': passwordChangedMail,
  'export-ready': exportReadyMail,
  'account-deleted': accountDeletedMail,
  notification: notificationMail,
  digest: digestMail,
} satisfies Record<string, (data: never) => RenderedMail>;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailTemplateData<K extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[K]>[0];
