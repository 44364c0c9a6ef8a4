import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account';
import { verifyEmail } from '@web/api/account/account-links';
import { errorMessage } from '@web/lib/api-client';
import { userQueryKey } from '@web/lib/query-keys';
import { AuthCard } from './auth-card';

type State = { kind: 'working' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/** /verify-email?token=…: the link from the mail, followed once on arrival; signed in or not. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const qc = useQueryClient();
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'failed', message: ACCOUNT_MESSAGES.linkInvalid });
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    verifyEmail(token).then(
      (result) => {
        setState({ kind: 'done', message: result.message });
        if (result.user) qc.setQueryData(userQueryKey, result.user);
      },
      (err: unknown) => setState({ kind: 'failed', message: errorMessage(err, 'Something went wrong. Please try again.') }),
    );
  }, [token, qc]);

  return (
    <AuthCard title="Verify your email address">
      <Stack spacing={2} aria-live="polite">
        {state.kind === 'working' && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <span>Checking your link...</span>
          </Stack>
        )}
        {state.kind === 'done' && <Alert severity="success">{state.message}</Alert>}
        {state.kind === 'failed' && <Alert severity="error">{state.message}</Alert>}
        {state.kind !== 'working' && (
          <Button component={RouterLink} to="/" variant="contained">
            Continue to Buildboard
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
