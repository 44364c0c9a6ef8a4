import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN } from '@shared/constants';
import { ACCOUNT_MESSAGES, ZResetPasswordRequestSchema } from '@shared/schemas/account';
import { resetPassword } from '@web/api/account/account-links';
import { errorMessage } from '@web/lib/api-client';
import { AuthCard } from './auth-card';

export const PASSWORDS_DIFFER = 'The two passwords are not the same';

/** /reset-password?token=…: the link from the mail; a new password, then signed in on a fresh page. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.linkInvalid);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZResetPasswordRequestSchema.safeParse({ token, password });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    setError(null);
    setPending(true);
    try {
      await resetPassword(parsed.data);
      // A full page load, so every query starts from the new session.
      window.location.assign('/?reset=1');
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
      setPending(false);
    }
  }

  return (
    <AuthCard title="Choose a new password">
      <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Choose a new password">
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label="New password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          helperText={`At least ${PASSWORD_MIN} characters`}
          required
          autoFocus
        />
        <TextField label="Repeat the new password" type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
        <Button type="submit" variant="contained" size="large" disabled={pending || !token}>
          {pending ? 'Saving...' : 'Set new password'}
        </Button>
        <Link component={RouterLink} to="/forgot-password">
          Ask for a new link
        </Link>
      </Stack>
    </AuthCard>
  );
}
