import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { restoreAccount } from '@web/api/account/account-links';
import { errorMessage } from '@web/lib/api-client';
import { AuthCard } from './auth-card';

/** A deleted account's owner signed in within the grace period: restore it, or leave it to be erased. */
export function RestoreOffer({ token, returnTo, onCancel }: { token: string; returnTo: string; onCancel: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function restore() {
    setPending(true);
    setError(null);
    try {
      await restoreAccount(token);
      window.location.assign(returnTo);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
      setPending(false);
    }
  }

  return (
    <AuthCard title="Restore your account?">
      <Stack spacing={2}>
        <Alert severity="warning">{ACCOUNT_MESSAGES.pendingDeletion}</Alert>
        <Typography color="textSecondary">Restoring brings back your profile, projects and comments as they were.</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Button variant="contained" size="large" onClick={() => void restore()} disabled={pending}>
          {pending ? 'Restoring...' : 'Restore my account'}
        </Button>
        <Button onClick={onCancel}>Keep it deleted</Button>
      </Stack>
    </AuthCard>
  );
}
