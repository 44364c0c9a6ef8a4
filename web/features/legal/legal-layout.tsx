import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '@web/components/skip-link';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import { Footer } from '@web/components/footer';

type LegalLayoutProps = {
  title: string;
  /** Human-readable date, e.g. 'November 1, 2026'. */
  lastUpdated: string;
  children: ReactNode;
};

/** Shared frame of the static legal pages: home link, one h1, last-updated date, content, footer. */
export function LegalLayout({ title, lastUpdated, children }: LegalLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary' }}>
      <SkipLink />
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="md" sx={{ py: 1.5 }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            color="inherit"
            sx={{
              display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 800, fontSize: '1.25rem',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2, borderRadius: 0.5 },
            }}
          >
            <CodeIcon color="primary" aria-hidden />
            Buildboard
          </Link>
        </Container>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, py: { xs: 4, md: 6 }, outline: 'none' }}>
        <Container maxWidth="md">
          <Typography component="h1" variant="h3" sx={{ fontWeight: 800, letterSpacing: -0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
            Last updated: {lastUpdated}
          </Typography>
          <Paper variant="outlined" component="article" sx={{ p: { xs: 3, md: 5 }, borderRadius: 3 }}>
            <Stack spacing={4}>{children}</Stack>
          </Paper>
        </Container>
      </Box>
      <Footer />
    </Box>
  );
}

/** One numbered section of a legal page: an h2 and its paragraphs or lists. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={1.5} sx={{ color: 'text.secondary', '& ul, & ol': { m: 0, pl: 3 }, '& li + li': { mt: 0.75 } }}>
        {children}
      </Stack>
    </Box>
  );
}

/** A paragraph of legal text. */
export function P({ children }: { children: ReactNode }) {
  return <Typography variant="body1">{children}</Typography>;
}
