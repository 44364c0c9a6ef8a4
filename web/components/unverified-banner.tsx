import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { TCurrentUser } from '@shared/schemas/auth';
import { resendVerification } from '@web/api/account/account-links';
import { errorMessage } from '@web/lib/api-client';
import { useToast } from './toaster';

/** Until the member follows the link mailed at sign-up: a reminder with "Resend". */
export function UnverifiedBanner({ user }: { user: TCurrentUser }) {
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  if (user.emailVerified || !user.email) return null;

  async function resend() {
    setPending(true);
    try {
      const { message } = await resendVerification();
      toast({ title: 'Email sent', description: message });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to send the email. Please try again.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <Alert
      severity="info"
      sx={{ mb: 3, minHeight: 48, alignItems: 'center' }}
      data-testid="unverified-banner"
      action={
        <Button color="inherit" size="small" onClick={() => void resend()} disabled={pending}>
          Resend
        </Button>
      }
    >
      Please verify your email address ({user.email}). We sent you a link when you signed up.
    </Alert>
  );
}
