// The visitor landing page as static HTML, rendered at build time (scripts/prerender-landing.ts) from the
// same LandingPage component the SPA shows, inside the app's theme. The server sends it for `/` to a
// request without a session, so a first visit paints at once without downloading the SPA.
// Runs in Node (react-dom/server), never in the browser.
import { renderToString } from 'react-dom/server';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { StaticRouter } from 'react-router-dom';
import { markYear } from '@shared/static-landing';
import { LandingPage } from '@web/features/landing/landing-page';
import { createAppTheme, THEME_MODE_STORAGE_KEY } from '../theme';

type CssObject = Record<string, string | number>;

/**
 * The theme's dark palette for a page whose <html> has no scheme class yet (before the page's script runs,
 * or without JavaScript): the CSS variables follow the class (colorSchemeSelector 'class'), and this adds
 * them for a system in dark mode, unless the member chose light (the script then sets the 'light' class).
 */
function systemDarkFallback(theme: ReturnType<typeof createAppTheme>) {
  // Present on a theme made with cssVariables (createAppTheme), which the Theme type does not say.
  const sheets = (theme as unknown as { generateStyleSheets: () => Record<string, CssObject>[] }).generateStyleSheets();
  const dark = sheets.find((sheet) => sheet['.dark'])?.['.dark'];
  if (!dark) throw new Error('The theme has no .dark style sheet: is colorSchemeSelector still "class"?');
  return <GlobalStyles styles={{ '@media (prefers-color-scheme: dark)': { ':root:not(.light)': dark } }} />;
}

// Emotion, rendering on a server without a cache of ours, writes each style as a <style> before its
// element; the page gets them all in <head> instead.
const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>([\s\S]*?)<\/style>/g;

type StaticLanding = { markup: string; css: string };

/** The landing page's markup (the footer's year marked for the server, see shared/static-landing.ts) and its CSS. */
export function renderStaticLanding(): StaticLanding {
  const theme = createAppTheme();
  const html = renderToString(
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey={THEME_MODE_STORAGE_KEY}>
      <CssBaseline enableColorScheme />
      {systemDarkFallback(theme)}
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </ThemeProvider>,
  );
  let css = '';
  const withYear = html.replace(EMOTION_STYLE, (_tag, rules: string) => {
    css += rules;
    return '';
  });
  // The footer says `© <year> Buildboard.` with the year of the render (new Date(), as in the SPA).
  const year = new Date().getFullYear();
  const footerYear = `© ${year} Buildboard.`;
  if (withYear.split(footerYear).length !== 2) throw new Error(`The footer's "${footerYear}" was not found once in the landing page`);
  const markup = withYear.replace(footerYear, () => `© ${markYear(year)} Buildboard.`);
  // Nothing adds MUI's .Mui-focusVisible class without the SPA's code: the browser's :focus-visible
  // selects the same elements (keyboard focus), so the page keeps its focus rings.
  return { markup, css: css.replaceAll('.Mui-focusVisible', ':focus-visible') };
}

/**
 * The landing page's document: the built index.html (its head's meta, icon and title kept) with the markup
 * in #root, the CSS in <head>, and the page's own small script instead of the SPA's (no module script, no
 * modulepreload).
 */
export function staticLandingDocument(indexHtml: string, landing: StaticLanding, scriptSrc: string): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no empty ${root}`);
  const head =
    `    <style>${landing.css}</style>\n` +
    `    <script type="module" crossorigin src="${scriptSrc}"></script>\n  </head>`;
  return indexHtml
    .replace(/[ \t]*<script\b[^>]*>[\s\S]*?<\/script>\s*\n?/g, '')
    .replace(/[ \t]*<link\b[^>]*rel="modulepreload"[^>]*>\s*\n?/g, '')
    .replace(/\s*<\/head>/, () => `\n${head}`)
    .replace(root, () => `<div id="root">${landing.markup}</div>`);
}
