import sharp from 'sharp';
import { formatCount } from '@shared/format';
import { escapeHtml } from '../../http/html-escape';

/** Open Graph's recommended card size. */
export const CARD_IMAGE = { width: 1200, height: 630 } as const;

export type CardImageInput = { title: string; authorName: string; category: string; likes: number; views: number; comments: number };

const TITLE_LINE_CHARS = 27;
const TITLE_LINES = 3;

/** The title in at most three lines of about 27 characters, cut at words, the last with an ellipsis when it goes on. */
export function titleLines(title: string): string[] {
  const words = title.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= TITLE_LINE_CHARS) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word.length > TITLE_LINE_CHARS ? `${word.slice(0, TITLE_LINE_CHARS - 1)}…` : word;
    if (lines.length === TITLE_LINES) break;
  }
  if (lines.length < TITLE_LINES && line) lines.push(line);
  if (lines.length === TITLE_LINES && lines.join(' ').length < title.trim().length) {
    const last = lines[TITLE_LINES - 1]!;
    lines[TITLE_LINES - 1] = last.endsWith('…') ? last : `${last.slice(0, TITLE_LINE_CHARS - 1)}…`;
  }
  return lines.length ? lines : ['Untitled'];
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

/** The card of a project without a raster thumbnail, as SVG: its title, creator and counts on the brand's colours. */
export function projectCardSvg(p: CardImageInput): string {
  const { width, height } = CARD_IMAGE;
  const lines = titleLines(p.title)
    .map((l, i) => `<text x="80" y="${230 + i * 84}" font-size="64" font-weight="700" fill="#ffffff">${escapeHtml(l)}</text>`)
    .join('');
  const stats = `${formatCount(p.likes)} likes · ${formatCount(p.views)} views · ${formatCount(p.comments)} comments`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#6d28d9"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="80" y="110" font-size="36" font-weight="700" fill="#c7d2fe">Buildboard · ${escapeHtml(p.category)}</text>
${lines}
<text x="80" y="500" font-size="40" fill="#e0e7ff">by ${escapeHtml(p.authorName)}</text>
<text x="80" y="565" font-size="34" fill="#c7d2fe">${escapeHtml(stats)}</text>
</svg>`;
}

/** The site's own card, for pages without an image of their own (a profile without a photo, a post without a thumbnail). */
export function siteCardSvg(): string {
  const { width, height } = CARD_IMAGE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#6d28d9"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<text x="80" y="300" font-size="96" font-weight="700" fill="#ffffff">Buildboard</text>
<text x="80" y="390" font-size="44" fill="#e0e7ff">Share your code, inspire the world.</text>
</svg>`;
}

/** An SVG card rendered to PNG (sharp, through librsvg). */
export function renderCardPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
