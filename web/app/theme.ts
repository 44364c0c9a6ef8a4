import { createTheme, type ThemeOptions } from '@mui/material/styles';

/** Where the member's theme choice (system, light or dark) is remembered. */
export const THEME_MODE_STORAGE_KEY = 'buildboard-theme';

const focusRing = {
  outline: '2px solid var(--mui-palette-primary-main)',
  outlineOffset: 2,
} as const;

/** Transitions of zero length: dialogs, menus and drawers appear at once. */
const noMotion: ThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

/**
 * Light and dark palettes behind a class on <html>, so the sidebar's theme choice (system, light, dark) can
 * override the system setting. Every colour pair passes WCAG AA (4.5:1) in both schemes: the light
 * secondary (Share) and warning (Premium chip) colours are darker than MUI's defaults, which fail.
 * With `reducedMotion` (the system asks for less motion) MUI's transitions and ripples are off.
 */
export function createAppTheme({ reducedMotion = false }: { reducedMotion?: boolean } = {}) {
  return createTheme({
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: '#4f46e5' },
          secondary: { main: '#be185d' },
          warning: { main: '#b45309', contrastText: '#ffffff' },
          background: { default: '#f8fafc' },
        },
      },
      dark: {
        palette: {
          primary: { main: '#818cf8' },
          secondary: { main: '#f472b6' },
          // Dark text on the bright error red (contained buttons: white fails); filled alerts (the toasts)
          // sit on the `dark` shades with white text, so those are deep enough for 4.5:1.
          error: { main: '#f44336', dark: '#c62828', contrastText: '#1a0000' },
          warning: { main: '#fbbf24', dark: '#b45309', contrastText: '#1f1300' },
          info: { main: '#29b6f6', dark: '#0277bd' },
          success: { main: '#66bb6a', dark: '#2e7d32' },
          background: { default: '#0b1020', paper: '#111831' },
        },
      },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', button: { textTransform: 'none', fontWeight: 600 } },
    ...(reducedMotion ? noMotion : {}),
    components: {
      MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        // Every button, link-button, tab and list item shows a ring when focused from the keyboard.
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
      MuiRating: { styleOverrides: { root: { '&:has(input:focus-visible)': { ...focusRing, borderRadius: 4 } } } },
      MuiCssBaseline: {
        styleOverrides: {
          'a:focus-visible, [tabindex]:not([tabindex="-1"]):focus-visible': focusRing,
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': { scrollBehavior: 'auto !important', animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
          },
        },
      },
    },
  });
}
