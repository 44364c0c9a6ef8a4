import { renderMail } from './layout';

/** After "Delete my account": what happens, and until when signing in restores it. */
export function accountDeletedMail(data: { name: string; purgeDate: string; url: string }) {
  return renderMail({
    subject: 'Your Buildboard account was deleted',
    paragraphs: [
      `Hi ${data.name},`,
      `Your account and everything you published are hidden now, and will be erased for good on ${data.purgeDate}.`,
      'Changed your mind? Sign in before then and choose to restore your account.',
    ],
    action: { label: 'Sign in to restore', url: data.url },
  });
}
