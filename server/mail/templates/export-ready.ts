import { renderMail } from './layout';

/** "Download my data": the archive is ready in settings, for a few days. */
export function exportReadyMail(data: { name: string; url: string; days: number }) {
  return renderMail({
    subject: 'Your Buildboard data is ready to download',
    paragraphs: [`Hi ${data.name},`, `The archive of your data is ready. Sign in to download it within ${data.days} days.`],
    action: { label: 'Download my data', url: data.url },
  });
}
