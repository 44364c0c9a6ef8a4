import { escapeHtml } from '../../http/html-escape';
import type { RenderedMail } from '../mail-message';

/** A mail's words: paragraphs, an optional button, and a closing note. */
export type MailBody = {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  /** A notification mail's way out of its kind (the footer's link; the headers carry one-click). */
  unsubscribe?: { label: string; url: string };
};

const FOOTER = 'You get this mail because of your Buildboard account.';

/** One layout for every mail: the text part reads on its own, the HTML part is the same words, escaped. */
export function renderMail(body: MailBody): RenderedMail {
  const footer = body.footer ?? FOOTER;
  const text = [
    ...body.paragraphs,
    ...(body.action ? [`${body.action.label}: ${body.action.url}`] : []),
    '--',
    footer,
    ...(body.unsubscribe ? [`${body.unsubscribe.label}: ${body.unsubscribe.url}`] : []),
  ].join('\n\n');
  const unsubscribe = body.unsubscribe ? ` <a href="${escapeHtml(body.unsubscribe.url)}">${escapeHtml(body.unsubscribe.label)}</a>` : '';
  const button = body.action
    ? `<p><a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(body.action.label)}</a></p>
<p style="font-size:13px;color:#555">Or open this address: ${escapeHtml(body.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:600;font-size:18px">Buildboard</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#777">${escapeHtml(footer)}${unsubscribe}</p>
</body></html>`;
  return { subject: body.subject, text, html };
}
