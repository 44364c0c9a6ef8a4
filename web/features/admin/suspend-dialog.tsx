import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ADMIN_MESSAGES, SUSPEND_REASON_MAX, type TAdminUser } from '@shared/schemas/admin';
import { useSuspendUser } from '@web/api/admin/admin-users';
import { useAdminFailure, useValidationToast } from './admin-toasts';
import { adminUserName } from './admin-user-name';

/** Who is being suspended, a 'Suspension Reason', Cancel (clears it) and Suspend User. */
export function SuspendDialog({ target, reason, onReason, onClose }: { target: TAdminUser | null; reason: string; onReason: (r: string) => void; onClose: () => void }) {
  const suspend = useSuspendUser();
  const failed = useAdminFailure();
  const invalid = useValidationToast();

  const submit = () => {
    if (!target || suspend.isPending) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      invalid(ADMIN_MESSAGES.suspendReasonRequired);
      return;
    }
    suspend.mutate(
      { id: target.id, reason: trimmed },
      { onSuccess: onClose, onError: (e) => failed('Failed to suspend user:', e) },
    );
  };

  return (
    <Dialog open={!!target} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="suspend-dialog-title">
      <DialogTitle id="suspend-dialog-title">Suspend User</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {target ? `You are about to suspend ${adminUserName(target)}${target.email ? ` (${target.email})` : ''}. They will be signed out at once and their profile and projects will be hidden.` : ''}
        </DialogContentText>
        <TextField
          label="Suspension Reason"
          multiline
          minRows={3}
          fullWidth
          autoFocus
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: SUSPEND_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={submit} disabled={suspend.isPending}>
          {suspend.isPending ? 'Suspending...' : 'Suspend User'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
