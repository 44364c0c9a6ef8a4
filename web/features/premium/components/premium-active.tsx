import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@shared/format';
import type { TSubscriptionStatus } from '@shared/schemas/premium';
import { useCancelSubscription } from '@web/api/premium/subscription-mutations';
import { PremiumBadge } from '@web/components/premium-badge';
import { useToast } from '@web/components/toaster';
import { ApiError } from '@web/lib/api-client';
import { PREMIUM_FEATURES } from './plan-comparison';

/** "You're Premium!" with the expiry date and Cancel Subscription; the status is re-fetched after cancelling. */
export function PremiumActive({ status }: { status: TSubscriptionStatus }) {
  const cancel = useCancelSubscription();
  const { toast } = useToast();
  const until = status.premiumExpiresAt ? formatDate(status.premiumExpiresAt) : null;

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (r) => toast({ title: 'Subscription Cancelled', description: r.message, variant: 'success' }),
      onError: (err) =>
        toast({
          title: 'Cancellation Failed',
          description: err instanceof ApiError ? (err.serverMessage ?? err.message) : 'Please try again.',
          variant: 'destructive',
        }),
    });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }} data-testid="premium-active">
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <PremiumBadge />
        <Typography variant="h4" component="h2" sx={{ fontWeight: 800 }}>
          {"You're Premium!"}
        </Typography>
        <Typography data-testid="premium-expiry">
          {until
            ? status.cancelAtPeriodEnd
              ? `Your premium access ends on ${until}.`
              : `Your premium access is active until ${until}.`
            : 'Your premium access has no end date.'}
        </Typography>
        <Stack component="ul" spacing={0.5} sx={{ pl: 2.5, m: 0 }}>
          {PREMIUM_FEATURES.map((f) => (
            <Typography component="li" key={f}>
              {f}
            </Typography>
          ))}
        </Stack>
        {status.cancelAtPeriodEnd ? (
          <Alert severity="info">{`Your subscription is cancelled and will not renew. You keep Premium until ${until ?? 'the end of the period'}.`}</Alert>
        ) : (
          <Button variant="outlined" color="error" onClick={onCancel} disabled={cancel.isPending}>
            Cancel Subscription
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
