import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatRelative } from '@shared/format';
import { REPORT_REVIEW_LABELS, REPORT_REVIEW_STATUSES, REPORT_STATUSES, type ReportStatus, type TReport } from '@shared/schemas/admin';
import { useAdminReports, useReviewReport } from '@web/api/admin/admin-reports';
import { useAdminFailure } from './admin-toasts';
import { PagedList } from './paged-list';

const PAGE = 20;
type ReviewStatus = (typeof REPORT_REVIEW_STATUSES)[number];
const STATUS_COLOR: Record<ReportStatus, 'success' | 'default' | 'error'> = {
  pending: 'default',
  resolved: 'success',
  rejected: 'default',
  escalated: 'error',
};
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function ReportRow({ report, onReview }: { report: TReport; onReview: () => void }) {
  return (
    <Paper variant="outlined" component="li" data-testid="admin-report-row" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Chip size="small" color={STATUS_COLOR[report.status] ?? 'default'} label={report.status} />
            <Typography sx={{ fontWeight: 600 }}>{`${capitalise(report.reportType)} #${report.targetId}`}</Typography>
          </Stack>
          <Typography variant="body2">{`Reason: ${report.reason}`}</Typography>
          {report.description && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{`Details: ${report.description}`}</Typography>
          )}
          <Typography variant="body2" color="textSecondary">{`Reported ${formatRelative(report.createdAt)} ago`}</Typography>
          {report.reviewedAt && (
            <Typography variant="body2" color="textSecondary">{`Reviewed by admin ${formatRelative(report.reviewedAt)} ago`}</Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {report.targetUrl && (
            <Button size="small" variant="outlined" href={report.targetUrl} target="_blank" rel="noopener noreferrer">
              View
            </Button>
          )}
          {report.status === 'pending' && (
            <Button size="small" variant="contained" onClick={onReview}>
              Review
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function ReviewDialog({ report, onClose }: { report: TReport | null; onClose: () => void }) {
  const [choice, setChoice] = useState<ReviewStatus | ''>('');
  const review = useReviewReport();
  const failed = useAdminFailure();
  const close = () => {
    setChoice('');
    onClose();
  };
  return (
    <Dialog open={!!report} onClose={close} fullWidth maxWidth="xs" aria-labelledby="review-dialog-title">
      <DialogTitle id="review-dialog-title">Review Report</DialogTitle>
      <DialogContent>
        {report && (
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            {`${capitalise(report.reportType)} #${report.targetId} · Reason: ${report.reason}`}
          </Typography>
        )}
        <FormControl>
          <FormLabel id="review-status-label">Update Status</FormLabel>
          <RadioGroup aria-labelledby="review-status-label" value={choice} onChange={(e) => setChoice(e.target.value as ReviewStatus)}>
            {REPORT_REVIEW_STATUSES.map((s) => (
              <FormControlLabel key={s} value={s} control={<Radio />} label={REPORT_REVIEW_LABELS[s]} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!choice || review.isPending}
          onClick={() =>
            report &&
            choice &&
            review.mutate({ id: report.id, status: choice }, { onSuccess: close, onError: (e) => failed('Failed to update report', e, false) })
          }
        >
          {review.isPending ? 'Updating...' : 'Update Status'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The Reports tab: newest first, filtered by status on the server; Review for pending reports. */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus | 'all'>('all');
  const [offset, setOffset] = useState(0);
  const reports = useAdminReports({ status, offset, limit: PAGE });
  const [reviewing, setReviewing] = useState<TReport | null>(null);
  return (
    <Box>
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as ReportStatus | 'all');
          setOffset(0);
        }}
        sx={{ minWidth: 180, mb: 2 }}
      >
        <MenuItem value="all">All reports</MenuItem>
        {REPORT_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {capitalise(s)}
          </MenuItem>
        ))}
      </TextField>
      <PagedList query={reports} noun="reports" rows={(data) => data.reports} offset={offset} limit={PAGE} onPage={setOffset}>
        {(r) => <ReportRow key={r.id} report={r} onReview={() => setReviewing(r)} />}
      </PagedList>
      <ReviewDialog report={reviewing} onClose={() => setReviewing(null)} />
    </Box>
  );
}
