import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '@web/components/skip-link';
import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import GroupsIcon from '@mui/icons-material/Groups';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { SIGN_IN_URL, SIGN_UP_URL } from '@web/api/auth/auth-pages';
import { Footer } from '@web/components/footer';

// Sign in / sign up are full-page navigations to the server (its login may redirect elsewhere), never router links.

/** Accent gradients that read well on light and dark backgrounds: a bright one for large text, a deeper one behind white text. */
const ACCENT_GRADIENT = 'linear-gradient(135deg, #6366f1 0%, #a855f7 50%, #ec4899 100%)';
const SURFACE_GRADIENT = 'linear-gradient(135deg, #4338ca 0%, #7e22ce 50%, #be185d 100%)';

const gradientText = {
  background: ACCENT_GRADIENT,
  backgroundClip: 'text',
  WebkitBackgroundClip: 'text',
  color: 'transparent',
  display: 'inline-block',
} as const;

const focusOutline = {
  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

const tint = (theme: Theme, opacity: number) => theme.alpha((theme.vars ?? theme).palette.primary.main, opacity);

const FEATURES: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Easy Sharing',
    text: 'Publish a project in minutes with a thumbnail, a category, a tutorial link and your choice of hosting.',
    icon: <RocketLaunchIcon />,
  },
  {
    title: 'Discover Amazing Projects',
    text: 'Browse trending work, search by topic and get recommendations tailored to what you love to build.',
    icon: <TravelExploreIcon />,
  },
  {
    title: 'Vibrant Community',
    text: 'Follow creators, react, comment, rate and save the projects that inspire you.',
    icon: <GroupsIcon />,
  },
];

function LandingHeader() {
  return (
    <Box
      component="header"
      sx={(theme) => ({
        position: 'sticky',
        top: 0,
        zIndex: theme.zIndex.appBar,
        backdropFilter: 'blur(10px)',
        bgcolor: theme.alpha((theme.vars ?? theme).palette.background.default, 0.8),
        borderBottom: 1,
        borderColor: 'divider',
      })}
    >
      <Container maxWidth="lg">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', py: 1.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              aria-hidden
              sx={{ display: 'grid', placeItems: 'center', width: 36, height: 36, borderRadius: 2, background: SURFACE_GRADIENT, color: '#fff' }}
            >
              <CodeIcon fontSize="small" />
            </Box>
            <Typography component="p" variant="h6" sx={{ fontWeight: 800, letterSpacing: -0.3 }}>
              Buildboard
            </Typography>
          </Stack>
          <Button component="a" href={SIGN_IN_URL} variant="outlined" sx={focusOutline}>
            Sign In
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={(theme) => ({
        pt: { xs: 10, md: 16 },
        pb: { xs: 6, md: 10 },
        textAlign: 'center',
        background: `radial-gradient(ellipse at top, ${tint(theme, 0.18)}, transparent 65%)`,
      })}
    >
      <Container maxWidth="md">
        <Typography
          id="hero-title"
          component="h1"
          variant="h2"
          sx={{ fontWeight: 800, letterSpacing: -1, fontSize: { xs: '2.4rem', sm: '3.2rem', md: '3.75rem' } }}
        >
          Share Your Code,{' '}
          <Box component="span" sx={gradientText}>
            Inspire the World
          </Box>
        </Typography>
        <Typography variant="h6" component="p" sx={{ color: 'text.secondary', mt: 3, mb: 5, fontWeight: 400 }}>
          Buildboard is where developers publish their projects, discover great work from others and grow
          together as a community.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button
            component="a"
            href={SIGN_UP_URL}
            size="large"
            variant="contained"
            sx={{ px: 4, background: SURFACE_GRADIENT, color: '#fff', ...focusOutline }}
          >
            Get Started
          </Button>
          <Button component="a" href="#features" size="large" variant="outlined" sx={{ px: 4, ...focusOutline }}>
            Learn More
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

function Features() {
  return (
    <Box component="section" id="features" aria-labelledby="features-title" sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}>
      <Container maxWidth="lg">
        <Typography id="features-title" component="h2" variant="h4" sx={{ fontWeight: 800, textAlign: 'center', mb: 1 }}>
          Everything you need to show off your work
        </Typography>
        <Typography sx={{ color: 'text.secondary', textAlign: 'center', mb: 6 }}>
          From first commit to community favourite.
        </Typography>
        <Grid container spacing={3}>
          {FEATURES.map((feature) => (
            <Grid key={feature.title} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%', borderRadius: 3, transition: 'transform .2s', '&:hover': { transform: 'translateY(-4px)' } }}>
                <CardContent sx={{ p: 4 }}>
                  <Box
                    aria-hidden
                    sx={(theme) => ({
                      display: 'grid', placeItems: 'center', width: 48, height: 48, mb: 2, borderRadius: 2,
                      bgcolor: tint(theme, 0.12), color: 'primary.main',
                    })}
                  >
                    {feature.icon}
                  </Box>
                  <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                    {feature.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {feature.text}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}

function ClosingCallToAction() {
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ pb: { xs: 8, md: 12 } }}>
      <Container maxWidth="md">
        <Box sx={{ borderRadius: 4, p: { xs: 4, md: 7 }, textAlign: 'center', background: SURFACE_GRADIENT, color: '#fff' }}>
          <Typography id="cta-title" component="h2" variant="h4" sx={{ fontWeight: 800, mb: 1.5 }}>
            Ready to share your next project?
          </Typography>
          <Typography sx={{ mb: 4 }}>
            Join Buildboard for free and put your work in front of developers everywhere.
          </Typography>
          <Button
            component="a"
            href={SIGN_UP_URL}
            size="large"
            variant="contained"
            sx={{ px: 4, bgcolor: '#fff', color: '#4338ca', '&:hover': { bgcolor: '#eef2ff' }, '&.Mui-focusVisible': { outline: '3px solid #fff', outlineOffset: 3 } }}
          >
            Sign Up Now
          </Button>
        </Box>
      </Container>
    </Box>
  );
}

/** The visitor landing page: shown at / and every unknown path while signed out. */
export function LandingPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', color: 'text.primary' }}>
      <SkipLink />
      <LandingHeader />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Hero />
        <Features />
        <ClosingCallToAction />
      </Box>
      <Footer />
    </Box>
  );
}
