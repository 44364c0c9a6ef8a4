// The one script of the prerendered landing page (dist/web/landing.html, served for `/` without a
// session; see scripts/prerender-landing.ts). The page is static markup: this does the little the SPA's
// code would have done on it, in well under a kilobyte (npm run check:bundle keeps it small). It is built
// apart from the SPA into one file: import only constants and small dependency-free code here.
import { THEME_MODE_STORAGE_KEY } from '@web/app/theme';
import { deleteLocalDatabases } from '@web/offline/local-databases';

const systemDark = window.matchMedia('(prefers-color-scheme: dark)');

/** The member's theme choice (system, light or dark, as MUI's ThemeProvider stores it); system by default. */
function storedMode(): string | null {
  try {
    return localStorage.getItem(THEME_MODE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the system setting decides
  }
}

/**
 * The class on <html> that the theme's CSS variables follow (colorSchemeSelector 'class'), set as MUI's
 * InitColorSchemeScript does. Before it runs (and without JavaScript) the page's CSS follows the system
 * setting itself (web/app/static-landing/render.tsx).
 */
function applyColorScheme() {
  const mode = storedMode();
  const scheme = mode === 'dark' || (mode !== 'light' && systemDark.matches) ? 'dark' : 'light';
  document.documentElement.classList.remove('light', 'dark');
  document.documentElement.classList.add(scheme);
}

applyColorScheme();
systemDark.addEventListener('change', applyColorScheme);

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null;
  if (!link) return;
  // The footer's placeholders (href="#", aria-disabled) go nowhere, as in the SPA.
  if (link.getAttribute('aria-disabled') === 'true') return event.preventDefault();
  // The skip link moves the focus to the content (focusable by script only: tabindex -1), not just the
  // scroll position, as its click handler does in the SPA.
  const target = link.hash && link.pathname === location.pathname ? document.getElementById(link.hash.slice(1)) : null;
  if (target?.getAttribute('tabindex') === '-1') {
    event.preventDefault();
    target.focus();
  }
});

// Whoever gets this page has no session (the server serves it only then), so a local store left in this
// browser belongs to a member who signed out (or whose session ended): wipe it, as the SPA does when
// /api/auth/user answers that nobody is signed in.
void deleteLocalDatabases().catch((err: unknown) => console.warn('Could not wipe the local store', err));
