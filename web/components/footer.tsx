import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import GitHubIcon from '@mui/icons-material/GitHub';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';

type FooterLink = { label: string; to?: string };
type FooterColumn = { title: string; links: FooterLink[] };

/** Links without `to` are placeholders: they render as inert, aria-disabled links. */
const COLUMNS: FooterColumn[] = [
  {
    title: 'Platform',
    links: [
      { label: 'Home', to: '/' },
      { label: 'Discover', to: '/search' },
      { label: 'Premium', to: '/subscribe' },
      { label: 'Create Project', to: '/my-projects?create=1' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center' },
      { label: 'Community Guidelines' },
      { label: 'Contact Us' },
      { label: 'Report Issues' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Copyright & IP', to: '/copyright' },
    ],
  },
];

const SOCIALS: { label: string; icon: ReactNode }[] = [
  { label: 'Buildboard on GitHub (coming soon)', icon: <GitHubIcon fontSize="small" /> },
  { label: 'Buildboard on X (coming soon)', icon: <XIcon fontSize="small" /> },
  { label: 'Buildboard on YouTube (coming soon)', icon: <YouTubeIcon fontSize="small" /> },
];

const focusRing = {
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2, borderRadius: 0.5 },
} as const;

const preventNavigation = (event: MouseEvent) => event.preventDefault();

function FooterLinkItem({ link }: { link: FooterLink }) {
  const common = {
    variant: 'body2',
    underline: 'hover',
    sx: { color: 'text.secondary', '&:hover': { color: 'text.primary' }, ...focusRing },
  } as const;
  if (link.to) {
    return (
      <Link component={RouterLink} to={link.to} {...common}>
        {link.label}
      </Link>
    );
  }
  return (
    <Link href="#" aria-disabled="true" title="Coming soon" onClick={preventNavigation} {...common}>
      {link.label}
    </Link>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', color: 'text.primary', mt: 'auto' }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 7 } }}>
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
              <CodeIcon color="primary" aria-hidden />
              <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
                Buildboard
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, maxWidth: 280 }}>
              The community where developers publish, discover and discuss coding projects.
            </Typography>
            <Stack direction="row" spacing={0.5}>
              {SOCIALS.map((social) => (
                <IconButton key={social.label} aria-label={social.label} aria-disabled="true" size="small">
                  {social.icon}
                </IconButton>
              ))}
            </Stack>
          </Grid>
          {COLUMNS.map((column) => (
            <Grid key={column.title} size={{ xs: 12, sm: 4, md: 3 }}>
              <nav aria-label={column.title}>
                <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1.5 }}>
                  {column.title}
                </Typography>
                <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <FooterLinkItem link={link} />
                    </li>
                  ))}
                </Stack>
              </nav>
            </Grid>
          ))}
        </Grid>
        <Divider sx={{ my: 4 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {`© ${year} Buildboard. All rights reserved.`}
        </Typography>
      </Container>
    </Box>
  );
}
