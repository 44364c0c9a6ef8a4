import { renderMail } from './layout';

/** After sign-up, and on "Resend": the link proves the member receives mail at the address. */
export function verifyEmailMail(data: { name: string; url: string }) {
  return renderMail({
    subject: 'Verify your email address',
    paragraphs: [`Hi ${data.name},`, 'Please confirm that this is your email address for Buildboard. The link works once, for 24 hours.'],
    action: { label: 'Verify email address', url: data.url },
    footer: 'If you did not create a Buildboard account, you can ignore this mail.',
  });
}
