import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ACCOUNT_DELETION_DAYS, PASSWORD_MIN } from '@shared/constants';
import { ERROR_REASONS } from '@shared/errors';
import { safeReturnTo, ZLoginRequestSchema, ZRegisterRequestSchema } from '@shared/schemas/auth';
import { signIn } from '@web/api/auth/sign-in';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { AuthCard } from './auth-card';
import { RestoreOffer } from './restore-offer';

type Mode = 'signin' | 'signup';
type Fields = { email: string; password: string; firstName: string; lastName: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const PROVIDER_ERRORS: Record<string, string> = {
  suspended: 'Your account has been suspended',
  provider: 'Sign-in with your identity provider failed. Please try again.',
};

/** Shown after "Delete my account" signed the member out. */
export const DELETED_NOTICE = `Your account was deleted. Sign in within ${ACCOUNT_DELETION_DAYS} days to restore it.`;

/** The restore token of a sign-in answered "this account was deleted" (409 with its code), if it was one. */
function restoreTokenOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.serverCode !== ERROR_REASONS.accountPendingDeletion) return null;
  const { restoreToken } = JSON.parse(err.body) as { restoreToken?: string };
  return restoreToken ?? null;
}

/** Where /api/login sends visitors when no external identity provider is configured. */
export function SignInPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [restoreToken, setRestoreToken] = useState<string | null>(params.get('restore'));
  const returnTo = safeReturnTo(params.get('returnTo'));
  if (restoreToken) return <RestoreOffer token={restoreToken} returnTo={returnTo} onCancel={() => setRestoreToken(null)} />;
  return (
    <AuthCard title={mode === 'signup' ? 'Create your account' : 'Welcome back'}>
      {params.get('deleted') === '1' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {DELETED_NOTICE}
        </Alert>
      )}
      <Tabs value={mode} onChange={(_e, v: Mode) => setMode(v)} sx={{ mb: 2 }}>
        <Tab value="signin" label="Sign in" />
        <Tab value="signup" label="Create account" />
      </Tabs>
      <SignInForm key={mode} mode={mode} returnTo={returnTo} initialError={PROVIDER_ERRORS[params.get('error') ?? ''] ?? null} onDeleted={setRestoreToken} />
    </AuthCard>
  );
}

function SignInForm(props: { mode: Mode; returnTo: string; initialError: string | null; onDeleted: (token: string) => void }) {
  const { mode } = props;
  const [fields, setFields] = useState<Fields>({ email: '', password: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(props.initialError);
  const [pending, setPending] = useState(false);

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    setErrors((er) => ({ ...er, [k]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const parsed = (mode === 'signup' ? ZRegisterRequestSchema : ZLoginRequestSchema).safeParse(fields);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Fields] ??= issue.message;
      return setErrors(next);
    }
    setPending(true);
    try {
      await signIn(mode, parsed.data);
      // A full page load, so every query starts from the new session.
      window.location.assign(props.returnTo);
    } catch (err) {
      const token = restoreTokenOf(err);
      if (token) return props.onDeleted(token);
      setFormError(errorMessage(err, 'Something went wrong. Please try again.'));
      setPending(false);
    }
  }

  const field = (k: keyof Fields) => ({ value: fields[k], onChange: set(k), error: !!errors[k], helperText: errors[k] });
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={mode === 'signup' ? 'Create account' : 'Sign in'}>
      <Stack spacing={2}>
        {formError && <Alert severity="error">{formError}</Alert>}
        {mode === 'signup' && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField label="First name" autoComplete="given-name" fullWidth {...field('firstName')} />
            <TextField label="Last name" autoComplete="family-name" fullWidth {...field('lastName')} />
          </Stack>
        )}
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          required
          {...field('password')}
          helperText={errors.password ?? (mode === 'signup' ? `At least ${PASSWORD_MIN} characters` : undefined)}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          {mode === 'signup' ? (pending ? 'Creating account...' : 'Create account') : pending ? 'Signing in...' : 'Sign in'}
        </Button>
        {mode === 'signin' && (
          <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'flex-start' }}>
            Forgot password?
          </Link>
        )}
      </Stack>
    </Box>
  );
}
