import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CodeIcon from '@mui/icons-material/Code';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PASSWORD_MIN } from '@shared/constants';
import { safeReturnTo, ZLoginRequestSchema, ZRegisterRequestSchema } from '@shared/schemas/auth';
import { signIn } from '@web/api/auth/sign-in';
import { errorMessage } from '@web/lib/api-client';

type Mode = 'signin' | 'signup';
type Fields = { email: string; password: string; firstName: string; lastName: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const PROVIDER_ERRORS: Record<string, string> = {
  suspended: 'Your account has been suspended',
  provider: 'Sign-in with your identity provider failed. Please try again.',
};

/** Where /api/login sends visitors when no external identity provider is configured. */
export function SignInPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  const [fields, setFields] = useState<Fields>({ email: '', password: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(PROVIDER_ERRORS[params.get('error') ?? ''] ?? null);
  const [pending, setPending] = useState(false);
  const returnTo = safeReturnTo(params.get('returnTo'));

  const set = (k: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [k]: e.target.value }));
    setErrors((er) => ({ ...er, [k]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const schema = mode === 'signup' ? ZRegisterRequestSchema : ZLoginRequestSchema;
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setPending(true);
    try {
      await signIn(mode, parsed.data);
      // A full page load, so every query starts from the new session.
      window.location.assign(returnTo);
    } catch (err) {
      setFormError(errorMessage(err, 'Something went wrong. Please try again.'));
      setPending(false);
    }
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <CodeIcon color="primary" aria-hidden />
          <Link component={RouterLink} to="/" underline="none" variant="h6" color="textPrimary">
            Buildboard
          </Link>
        </Stack>
        <Typography variant="h5" component="h1" gutterBottom>
          {mode === 'signup' ? 'Create your account' : 'Welcome back'}
        </Typography>
        <Tabs
          value={mode}
          onChange={(_e, v: Mode) => {
            setMode(v);
            setErrors({});
            setFormError(null);
          }}
          sx={{ mb: 2 }}
        >
          <Tab value="signin" label="Sign in" />
          <Tab value="signup" label="Create account" />
        </Tabs>
        <Box component="form" noValidate onSubmit={submit} aria-label={mode === 'signup' ? 'Create account' : 'Sign in'}>
          <Stack spacing={2}>
            {formError && <Alert severity="error">{formError}</Alert>}
            {mode === 'signup' && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField label="First name" value={fields.firstName} onChange={set('firstName')} autoComplete="given-name" fullWidth error={!!errors.firstName} helperText={errors.firstName} />
                <TextField label="Last name" value={fields.lastName} onChange={set('lastName')} autoComplete="family-name" fullWidth error={!!errors.lastName} helperText={errors.lastName} />
              </Stack>
            )}
            <TextField label="Email" type="email" value={fields.email} onChange={set('email')} autoComplete="email" required error={!!errors.email} helperText={errors.email} />
            <TextField
              label="Password"
              type="password"
              value={fields.password}
              onChange={set('password')}
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              required
              error={!!errors.password}
              helperText={errors.password ?? (mode === 'signup' ? `At least ${PASSWORD_MIN} characters` : undefined)}
            />
            <Button type="submit" variant="contained" size="large" disabled={pending}>
              {mode === 'signup' ? (pending ? 'Creating account...' : 'Create account') : pending ? 'Signing in...' : 'Sign in'}
            </Button>
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
