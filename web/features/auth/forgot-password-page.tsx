import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ZForgotPasswordRequestSchema } from '@shared/schemas/account';
import { forgotPassword } from '@web/api/account/account-links';
import { errorMessage } from '@web/lib/api-client';
import { AuthCard } from './auth-card';

/** /forgot-password: an address in, the same answer out whether it has an account or not. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZForgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    setPending(true);
    try {
      setSent((await forgotPassword(parsed.data.email)).message);
    } catch (err) {
      setError(errorMessage(err, 'Something went wrong. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title="Reset your password">
      {sent ? (
        <Stack spacing={2}>
          <Alert severity="success">{sent}</Alert>
          <Typography color="textSecondary">The link works once, for 1 hour. Check your spam folder if it does not arrive.</Typography>
          <Link component={RouterLink} to="/signin">
            Back to sign in
          </Link>
        </Stack>
      ) : (
        <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Reset your password">
          <Typography color="textSecondary">Enter the email address of your account and we will send you a link to choose a new password.</Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required autoFocus />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            {pending ? 'Sending...' : 'Send reset link'}
          </Button>
          <Link component={RouterLink} to="/signin">
            Back to sign in
          </Link>
        </Stack>
      )}
    </AuthCard>
  );
}
