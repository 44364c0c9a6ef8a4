import { renderMail } from './layout';

/** A notification the member asked to get by email at once ("By email at once" for its kind). */
export function notificationMail(data: { name: string; title: string; message: string; kindLabel: string; url: string; unsubscribeUrl: string }) {
  return renderMail({
    subject: `${data.title}: ${data.message}`.slice(0, 150),
    paragraphs: [`Hi ${data.name},`, data.message],
    action: { label: 'Open on Buildboard', url: data.url },
    footer: `You get this mail because "${data.kindLabel}" is set to email in your notification settings.`,
    unsubscribe: { label: `Stop emails about ${data.kindLabel.toLowerCase()}`, url: data.unsubscribeUrl },
  });
}
