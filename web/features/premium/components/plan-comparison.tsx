import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { PREMIUM_PRICE_USD, VISIBILITY_BOOST } from '@shared/constants';

const FREE_FEATURES = ['Publish unlimited projects', 'Follow creators and get notified', 'Like, save, comment, rate and share'];
export const PREMIUM_FEATURES = [
  `${VISIBILITY_BOOST}x visibility boost in recommendations and trending`,
  'Priority placement in search',
  'Premium badge on your profile, projects and comments',
  'Advanced analytics for your projects',
];

function Features({ items }: { items: string[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((f) => (
        <Stack component="li" key={f} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CheckIcon color="success" fontSize="small" aria-hidden />
          <Typography>{f}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function Plan({ name, price, features, highlight, children }: { name: string; price: number; features: string[]; highlight?: boolean; children?: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`${name} plan`}
      data-testid={`plan-${name.toLowerCase()}`}
      sx={{ p: 3, height: '100%', display: 'flex', flexDirection: 'column', gap: 2, borderWidth: highlight ? 2 : 1, borderColor: highlight ? 'primary.main' : 'divider' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          {name}
        </Typography>
        {highlight && <Chip label="Most Popular" color="primary" size="small" />}
      </Stack>
      <Typography>
        <Box component="span" sx={{ fontSize: 36, fontWeight: 800 }}>{`$${price}`}</Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>{' USD/month'}</Box>
      </Typography>
      <Features items={features} />
      <Box sx={{ flex: 1 }} />
      {children}
    </Paper>
  );
}

/** Free at 0 USD/month and Premium at 9 USD/month marked 'Most Popular'. */
export function PlanComparison({ premiumAction }: { premiumAction: ReactNode }) {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Plan name="Free" price={0} features={FREE_FEATURES}>
          <Typography color="textSecondary">Your current plan</Typography>
        </Plan>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Plan name="Premium" price={PREMIUM_PRICE_USD} features={PREMIUM_FEATURES} highlight>
          {premiumAction}
        </Plan>
      </Grid>
    </Grid>
  );
}
