import { renderMail } from './layout';

/** Once a day: what came for the kinds the member set to "In a daily digest". */
export function digestMail(data: { name: string; items: { title: string; message: string }[]; more: number; url: string }) {
  const lines = data.items.map((i) => `• ${i.message}`);
  if (data.more > 0) lines.push(`…and ${data.more} more.`);
  return renderMail({
    subject: `Your Buildboard digest: ${data.items.length + data.more} new ${data.items.length + data.more === 1 ? 'notification' : 'notifications'}`,
    paragraphs: [`Hi ${data.name},`, 'Here is what happened since your last digest:', ...lines],
    action: { label: 'See all notifications', url: data.url },
    footer: 'You get this mail because some notifications are set to a daily digest. Change that in Settings.',
  });
}
