import { renderMail } from './layout';

/** To the old address once a change took effect, so a member whose account was taken over learns of it. */
export function emailChangedMail(data: { name: string; newEmail: string }) {
  return renderMail({
    subject: 'Your email address was changed',
    paragraphs: [
      `Hi ${data.name},`,
      `The email address of your Buildboard account was changed to ${data.newEmail}. Mail about your account now goes there.`,
      'If you did not make this change, reset your password at once and contact us.',
    ],
  });
}
