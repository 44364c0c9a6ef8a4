import Chip from '@mui/material/Chip';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { OFFLINE_TEXTS } from '@web/offline/online-status';

/** Marks an action made offline that waits in the outbox; `what` names it for screen readers. */
export function PendingMark({ what }: { what: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<ScheduleIcon />}
      label={OFFLINE_TEXTS.pending}
      title={`${what}: waiting for the network`}
      aria-label={`${what} pending: waiting for the network`}
      data-testid="pending-mark"
    />
  );
}
