import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ACCOUNT_DELETION_DAYS } from '@shared/constants';
import { ERROR_REASONS } from '@shared/errors';
import type { TCurrentUser } from '@shared/schemas/auth';
import { deleteAccount } from '@web/api/account/account-settings';
import { SIGN_IN_URL } from '@web/api/auth/auth-pages';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { SettingsSection } from './settings-section';

/** Back here, with the dialog open, after signing in again at the identity provider. */
const REAUTH_RETURN = '/settings?confirm-delete=1#delete-account';
const reauthUrl = `${SIGN_IN_URL}?reauth=1&returnTo=${encodeURIComponent(REAUTH_RETURN)}`;

/** "Delete my account": confirmed with the password, or by signing in at the identity provider again. */
export function DeleteSection({ user, openAtStart }: { user: TCurrentUser; openAtStart: boolean }) {
  const [open, setOpen] = useState(openAtStart);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await deleteAccount(user.hasPassword ? { password } : {});
      window.location.assign('/signin?deleted=1');
    } catch (err) {
      if (err instanceof ApiError && err.serverCode === ERROR_REASONS.reauthRequired) return window.location.assign(reauthUrl);
      setError(errorMessage(err, 'Failed to delete your account. Please try again.'));
      setPending(false);
    }
  }

  return (
    <SettingsSection id="delete-account" title="Delete my account">
      <Button color="error" variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="delete-account-dialog-title">
        <DialogTitle id="delete-account-dialog-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Your profile, projects and comments disappear at once and are erased for good after {ACCOUNT_DELETION_DAYS} days. Until then, signing in lets you
            restore everything. A Premium subscription is cancelled at the end of its period.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          {user.hasPassword ? (
            <TextField label="Password" type="password" autoComplete="current-password" fullWidth value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
          ) : (
            <DialogContentText>You will be asked to sign in at your identity provider again to confirm.</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button color="error" variant="contained" disabled={pending || (user.hasPassword && !password)} onClick={() => void confirm()}>
            {pending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsSection>
  );
}
