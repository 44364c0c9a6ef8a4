import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import type { TAnalyticsDay } from '@shared/schemas/analytics';

const SERIES = [
  { key: 'views', label: 'Views' },
  { key: 'reactions', label: 'Likes' },
  { key: 'saves', label: 'Saves' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
] as const;

const shortDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Daily activity as lines (MUI X Charts); the table below it carries the same numbers for screen readers. */
export function ActivityChart({ days, label }: { days: TAnalyticsDay[]; label: string }) {
  return (
    <Box role="img" aria-label={label} data-testid="activity-chart">
      <LineChart
        height={320}
        xAxis={[{ scaleType: 'point', data: days.map((d) => shortDate(d.date)) }]}
        series={SERIES.map((s) => ({ data: days.map((d) => d[s.key]), label: s.label, showMark: days.length <= 31 }))}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}

/** The average of the ratings given each day (days without a rating are gaps). */
export function RatingChart({ days }: { days: TAnalyticsDay[] }) {
  return (
    <Box role="img" aria-label="Average rating per day" data-testid="rating-chart">
      <LineChart
        height={220}
        xAxis={[{ scaleType: 'point', data: days.map((d) => shortDate(d.date)) }]}
        yAxis={[{ min: 0, max: 5 }]}
        series={[{ data: days.map((d) => (d.ratings > 0 ? d.averageRating : null)), label: 'Average rating', connectNulls: true }]}
        margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
      />
    </Box>
  );
}
