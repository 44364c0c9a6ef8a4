import { renderMail } from './layout';

/** A change of address takes effect only once the new address is verified through this link. */
export function verifyNewEmailMail(data: { name: string; url: string; newEmail: string }) {
  return renderMail({
    subject: 'Confirm your new email address',
    paragraphs: [
      `Hi ${data.name},`,
      `You asked to use ${data.newEmail} for your Buildboard account. It takes effect once you confirm it. The link works once, for 24 hours.`,
    ],
    action: { label: 'Confirm new address', url: data.url },
    footer: 'If you did not ask for this change, ignore this mail: your account keeps its current address.',
  });
}
