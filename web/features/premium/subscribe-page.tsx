import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Elements } from '@stripe/react-stripe-js';
import { PREMIUM_LOGIN_REDIRECT_DELAY_MS } from '@shared/constants';
import { PREMIUM_MESSAGES } from '@shared/schemas/premium';
import { stripeFor } from '@web/api/premium/load-stripe';
import { useCreateSubscription } from '@web/api/premium/subscription-mutations';
import { useSubscriptionStatus } from '@web/api/premium/subscription-status';
import { useToast } from '@web/components/toaster';
import { ApiError } from '@web/lib/api-client';
import { loginUrl } from '@web/api/auth/auth-pages';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useUser } from '@web/lib/use-user';
import { CheckoutForm } from './components/checkout-form';
import { PlanComparison } from './components/plan-comparison';
import { PremiumActive } from './components/premium-active';

/** Visitors: 'Authentication Required' / 'Please log in to access premium features', then /api/login after 2000 ms. */
function VisitorNotice() {
  const { toast } = useToast();
  useEffect(() => {
    toast({ title: 'Authentication Required', description: 'Please log in to access premium features', variant: 'destructive' });
    const timer = window.setTimeout(() => window.location.assign(loginUrl()), PREMIUM_LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);
  return (
    <Box component="main" sx={{ p: 4, display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', maxWidth: 480 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Authentication Required
        </Typography>
        <Typography color="textSecondary">Please log in to access premium features</Typography>
      </Paper>
    </Box>
  );
}

function messageOf(err: unknown): string | undefined {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  return err instanceof Error ? err.message : undefined;
}

function MemberSubscribe() {
  const status = useSubscriptionStatus();
  const create = useCreateSubscription();
  const { toast } = useToast();
  const authRedirect = useAuthRedirect();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);
  const publishableKey = status.data?.publishableKey ?? null;
  const stripePromise = useMemo(() => (publishableKey ? stripeFor(publishableKey) : null), [publishableKey]);

  useEffect(() => {
    if (status.error) authRedirect(status.error, PREMIUM_LOGIN_REDIRECT_DELAY_MS);
  }, [status.error, authRedirect]);

  const setupFailed = () =>
    toast({ title: 'Payment Setup Failed', description: 'Unable to initialize payment. Please try again.', variant: 'destructive' });

  const onSubscribe = () =>
    create.mutate(undefined, {
      onSuccess: async (r) => {
        if (r.status === 'active') {
          setAlreadySubscribed(true);
          toast({ title: 'Already Subscribed', description: 'You already have an active premium subscription.' });
          await status.refetch();
          return;
        }
        const stripe = await stripePromise?.catch(() => null);
        if (!r.clientSecret || !stripe) return setupFailed();
        setClientSecret(r.clientSecret);
      },
      onError: (err) => {
        if (authRedirect(err, PREMIUM_LOGIN_REDIRECT_DELAY_MS)) return;
        toast({ title: 'Failed to create subscription', description: messageOf(err), variant: 'destructive' });
      },
    });

  if (status.isLoading) {
    return <Skeleton variant="rounded" height={360} aria-label="Loading your plan" />;
  }
  if (status.isError || !status.data) {
    return <Typography color="error">Failed to load your subscription</Typography>;
  }

  const notice = alreadySubscribed && (
    <Alert severity="info" data-testid="already-subscribed">
      <AlertTitle>Already Subscribed</AlertTitle>
      You already have an active premium subscription.
    </Alert>
  );
  if (status.data.isPremium) {
    return (
      <Stack spacing={2}>
        {notice}
        <PremiumActive status={status.data} />
      </Stack>
    );
  }

  const premiumAction = !publishableKey ? (
    <Alert severity="warning" data-testid="payments-not-configured">
      {PREMIUM_MESSAGES.notConfigured}
    </Alert>
  ) : clientSecret && stripePromise ? (
    <Elements stripe={stripePromise} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <CheckoutForm />
    </Elements>
  ) : (
    <Button variant="contained" size="large" onClick={onSubscribe} disabled={create.isPending}>
      {create.isPending ? 'Starting...' : 'Subscribe'}
    </Button>
  );

  return (
    <Stack spacing={2}>
      {notice}
      <PlanComparison premiumAction={premiumAction} />
    </Stack>
  );
}

/** /subscribe: the plan comparison and the embedded payment form, or "You're Premium!". */
export function SubscribePage() {
  const { user, isLoading } = useUser();
  if (isLoading) return null;
  if (!user) return <VisitorNotice />;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Premium
        </Typography>
        <Typography color="textSecondary">More visibility, priority in search and insight into how your projects do.</Typography>
      </Box>
      <MemberSubscribe />
    </Stack>
  );
}
