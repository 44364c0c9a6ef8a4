import { renderMail } from './layout';

/** After a reset or a change: every other session was signed out. */
export function passwordChangedMail(data: { name: string; url: string }) {
  return renderMail({
    subject: 'Your password was changed',
    paragraphs: [
      `Hi ${data.name},`,
      'The password of your Buildboard account was changed, and every other device was signed out.',
      'If you did not do this, reset your password now.',
    ],
    action: { label: 'Reset password', url: data.url },
  });
}
