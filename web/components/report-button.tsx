import { useId, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, type ReportType } from '@shared/schemas/admin';
import { useCreateReport } from '@web/api/reports/create-report';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useToast } from './toaster';

type Reason = (typeof REPORT_REASONS)[number];
const NOUN: Record<ReportType, string> = { project: 'Project', comment: 'Comment', user: 'User' };

/** A Report action and its dialog: a reason choice and optional details (projects, comments, users). */
export function ReportButton({
  reportType,
  targetId,
  targetLabel,
  ...buttonProps
}: { reportType: ReportType; targetId: string | number; targetLabel: string } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<Reason | ''>('');
  const [details, setDetails] = useState('');
  const report = useCreateReport();
  const { toast } = useToast();
  const redirect = useAuthRedirect();
  const titleId = useId();
  const reasonLabelId = useId();

  const close = () => {
    setOpen(false);
    setReason('');
    setDetails('');
  };

  const submit = () => {
    if (!reason || report.isPending) return;
    report.mutate(
      { reportType, targetId: String(targetId), reason, description: details.trim() || undefined },
      {
        onSuccess: () => {
          close();
          toast({ title: 'Report submitted', description: 'Thank you. Our moderators will review it.', variant: 'success' });
        },
        onError: (e) => {
          if (redirect(e)) return;
          if (e instanceof ApiError && e.status === 409) {
            close();
            toast({ title: 'Already reported', description: errorMessage(e, 'You have already reported this.') });
            return;
          }
          toast({ title: 'Error', description: `Failed to submit report: ${errorMessage(e, 'Please try again.')}`, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<FlagIcon />}
        aria-label={`Report ${targetLabel}`}
        {...buttonProps}
        onClick={() => setOpen(true)}
      >
        Report
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{`Report ${NOUN[reportType]}`}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{`Tell our moderators what is wrong with ${targetLabel}.`}</DialogContentText>
          <FormControl required>
            <FormLabel id={reasonLabelId}>Reason</FormLabel>
            <RadioGroup aria-labelledby={reasonLabelId} value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
              {REPORT_REASONS.map((r) => (
                <FormControlLabel key={r} value={r} control={<Radio size="small" />} label={r} />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            label="Details (optional)"
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 2 }}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            slotProps={{ htmlInput: { maxLength: REPORT_DESCRIPTION_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button variant="contained" color="error" disabled={!reason || report.isPending} onClick={submit}>
            {report.isPending ? 'Submitting...' : 'Submit Report'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
