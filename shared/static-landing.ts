// The visitor landing page prerendered at build time (scripts/prerender-landing.ts) and served by the
// server for `/` without a session (server/http/static-landing.ts). The footer's year is marked at build
// time and replaced with the current year when served, so the page never shows the build's year.

/** The prerendered page, beside index.html in the web build. */
export const STATIC_LANDING_FILE = 'landing.html';

const YEAR_OPEN = '<!--year-->';
const YEAR_CLOSE = '<!--/year-->';
const MARKED_YEAR = /<!--year-->\d{4}<!--\/year-->/g;

/** The year as the build writes it: replaceable by `withYear`. */
export function markYear(year: number): string {
  return `${YEAR_OPEN}${year}${YEAR_CLOSE}`;
}

/** The page with every marked year replaced by `year` (and the marks gone). */
export function withYear(html: string, year: number): string {
  return html.replace(MARKED_YEAR, String(year));
}
