import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TCurrentUser } from '@shared/schemas/auth';
import { ACCOUNT_MESSAGES, ZChangeEmailRequestSchema } from '@shared/schemas/account';
import { changeEmail } from '@web/api/account/account-settings';
import { errorMessage } from '@web/lib/api-client';
import { SettingsSection } from './settings-section';

/** The address: shown with its state; a new one takes effect once the link mailed to it is followed. */
export function EmailSection({ user }: { user: TCurrentUser }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZChangeEmailRequestSchema.safeParse({ newEmail, password });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    setPending(true);
    try {
      setSent((await changeEmail(parsed.data)).message);
      setPassword('');
    } catch (err) {
      setError(errorMessage(err, 'Failed to change the email address. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <SettingsSection id="email" title="Email address">
      <Typography>
        {user.email ?? 'No address'} {user.email && <strong>{user.emailVerified ? '(verified)' : '(not verified yet)'}</strong>}
      </Typography>
      {!user.hasPassword ? (
        <Typography color="textSecondary">{ACCOUNT_MESSAGES.providerEmail}.</Typography>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ maxWidth: 420 }} aria-label="Change email address">
          {error && <Alert severity="error">{error}</Alert>}
          {sent && <Alert severity="success">{sent}</Alert>}
          <TextField label="New email address" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} required />
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          <Button type="submit" variant="outlined" disabled={pending} sx={{ alignSelf: 'flex-start' }}>
            {pending ? 'Sending...' : 'Change email address'}
          </Button>
        </Stack>
      )}
    </SettingsSection>
  );
}
