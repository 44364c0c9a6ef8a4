import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Link as RouterLink } from 'react-router-dom';
import type { TAnalyticsDay } from '@shared/schemas/analytics';
import { ActivityChart } from './activity-chart';

// Made-up numbers, drawn behind the invitation so a free member sees what Premium shows.
const SAMPLE: TAnalyticsDay[] = Array.from({ length: 14 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
  const wave = Math.round(20 + 12 * Math.sin(i / 2) + i * 2);
  return { date, views: wave, reactions: Math.round(wave / 4), saves: Math.round(wave / 6), comments: Math.round(wave / 8), shares: Math.round(wave / 10), ratings: 1, averageRating: 4.5 };
});

/** Free members: a blurred sample and a link to /subscribe. */
export function PremiumPreview() {
  return (
    <Paper variant="outlined" sx={{ position: 'relative', overflow: 'hidden' }} data-testid="analytics-preview">
      <Box aria-hidden sx={{ filter: 'blur(4px)', opacity: 0.6, p: 2, pointerEvents: 'none' }} inert>
        <ActivityChart days={SAMPLE} label="Sample analytics" />
      </Box>
      <Stack spacing={2} sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3, bgcolor: 'rgba(255,255,255,0.7)' }}>
        <WorkspacePremiumIcon sx={{ fontSize: 48, color: '#b26a00' }} aria-hidden />
        <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          Advanced analytics are a Premium feature
        </Typography>
        <Typography sx={{ maxWidth: 520 }}>
          See views, likes, saves, comments, shares and ratings of every project, day by day over 7, 30 or 90 days.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/subscribe" startIcon={<WorkspacePremiumIcon />}>
          Upgrade to Premium
        </Button>
      </Stack>
    </Paper>
  );
}
