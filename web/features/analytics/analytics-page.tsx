import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatCount, formatRating } from '@shared/format';
import { ANALYTICS_RANGES, type TAnalytics, type TAnalyticsRange } from '@shared/schemas/analytics';
import { useAnalytics } from '@web/api/analytics/get-analytics';
import { ApiError } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useUser } from '@web/lib/use-user';
import { ActivityChart, RatingChart } from './components/activity-chart';
import { PremiumPreview } from './components/premium-preview';
import { TopProjectsTable } from './components/top-projects-table';
import { ViewSourcesTable } from './components/view-sources-table';

function Totals({ totals }: { totals: TAnalytics['totals'] }) {
  const items = [
    ['Views', formatCount(totals.views)],
    ['Likes', formatCount(totals.reactions)],
    ['Saves', formatCount(totals.saves)],
    ['Comments', formatCount(totals.comments)],
    ['Shares', formatCount(totals.shares)],
    ['Ratings', formatCount(totals.ratings)],
    ['Average rating', formatRating(totals.averageRating)],
  ] as const;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 2, m: 0 }} data-testid="analytics-totals">
      {items.map(([label, value]) => (
        <Paper key={label} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 800 }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function PremiumAnalytics() {
  const [range, setRange] = useState<TAnalyticsRange>('30d');
  const [projectId, setProjectId] = useState<number | null>(null);
  const all = useAnalytics(range, null, true);
  const one = useAnalytics(range, projectId, projectId !== null);
  const authRedirect = useAuthRedirect();
  const data = projectId === null ? all.data : one.data;
  const error = all.error ?? one.error;

  useEffect(() => {
    if (error) authRedirect(error);
  }, [error, authRedirect]);

  if (error instanceof ApiError && error.status === 403) return <PremiumPreview />;
  if (error) return <Typography color="error">Failed to load analytics</Typography>;

  const projects = all.data?.projects ?? [];
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={range}
          onChange={(_e, v: TAnalyticsRange | null) => v && setRange(v)}
          aria-label="Date range"
        >
          {(Object.keys(ANALYTICS_RANGES) as TAnalyticsRange[]).map((r) => (
            <ToggleButton key={r} value={r}>{`${ANALYTICS_RANGES[r]} days`}</ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          select
          size="small"
          label="Project"
          value={projectId === null ? 'all' : String(projectId)}
          onChange={(e) => setProjectId(e.target.value === 'all' ? null : Number(e.target.value))}
          sx={{ minWidth: 240 }}
        >
          <MenuItem value="all">All projects</MenuItem>
          {projects.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.title}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {!data ? (
        <Skeleton variant="rounded" height={420} aria-label="Loading analytics" />
      ) : (
        <>
          <Totals totals={data.totals} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Activity over time
            </Typography>
            <ActivityChart days={data.days} label={`Daily views, likes, saves, comments and shares over the last ${ANALYTICS_RANGES[data.range]} days`} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Rating over time
            </Typography>
            <RatingChart days={data.days} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Views by source
            </Typography>
            <ViewSourcesTable sources={data.sources} />
          </Paper>
        </>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          Top projects
        </Typography>
        {projects.length === 0 ? (
          <Typography color="textSecondary">No projects yet</Typography>
        ) : (
          <TopProjectsTable projects={projects} />
        )}
      </Paper>
    </Stack>
  );
}

/** /analytics: premium creators' analytics; free members see a preview with a link to /subscribe. */
export function AnalyticsPage() {
  const { user } = useUser();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Analytics
        </Typography>
        <Typography color="textSecondary">How your projects are doing, day by day</Typography>
      </Box>
      {user?.isPremium ? <PremiumAnalytics /> : <PremiumPreview />}
    </Stack>
  );
}
