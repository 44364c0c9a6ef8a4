import { renderMail } from './layout';

/** "Forgot password?": a link valid for an hour, once. */
export function resetPasswordMail(data: { url: string }) {
  return renderMail({
    subject: 'Reset your Buildboard password',
    paragraphs: ['Someone asked to reset the password of the Buildboard account with this address.', 'The link works once, for 1 hour.'],
    action: { label: 'Choose a new password', url: data.url },
    footer: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  });
}
