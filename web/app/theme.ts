import { createTheme } from '@mui/material/styles';

/** Light and dark palettes; the system setting picks one (CSS variables, no flash on load). */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: { palette: { primary: { main: '#4f46e5' }, secondary: { main: '#db2777' }, background: { default: '#f8fafc' } } },
    dark: { palette: { primary: { main: '#818cf8' }, secondary: { main: '#f472b6' }, background: { default: '#0b1020', paper: '#111831' } } },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', button: { textTransform: 'none', fontWeight: 600 } },
  components: {
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
  },
});
