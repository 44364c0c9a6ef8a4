import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useNavigate } from 'react-router-dom';
import { PAYMENT_REDIRECT_DELAY_MS, PREMIUM_PRICE_USD } from '@shared/constants';
import { useActivatePremium } from '@web/api/premium/subscription-mutations';
import { useToast } from '@web/components/toaster';
import { ApiError } from '@web/lib/api-client';

/**
 * The Payment Element and Pay button: confirmPayment without a redirect when none is required; on
 * 'succeeded' the server activates premium (it checks the payment with Stripe), then /subscribe/success
 * after 1.5 s.
 */
export function CheckoutForm() {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const activate = useActivatePremium();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/subscribe/success` },
      });
      if (error) {
        toast({ title: 'Payment Failed', description: error.message, variant: 'destructive' });
        setBusy(false);
        return;
      }
      if (paymentIntent?.status !== 'succeeded') {
        toast({ title: 'Payment Error', description: 'The payment was not completed. Please try again.', variant: 'destructive' });
        setBusy(false);
        return;
      }
      await activate.mutateAsync(paymentIntent.id);
      toast({ title: 'Payment Successful', description: 'Welcome to Premium!', variant: 'success' });
      window.setTimeout(() => navigate('/subscribe/success'), PAYMENT_REDIRECT_DELAY_MS);
    } catch (err) {
      const description = err instanceof ApiError ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : undefined;
      toast({ title: 'Payment Error', description, variant: 'destructive' });
      setBusy(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} aria-label="Payment details" data-testid="checkout-form">
      <PaymentElement />
      <Button type="submit" variant="contained" size="large" disabled={!stripe || !elements || busy}>
        {busy ? 'Processing...' : `Pay $${PREMIUM_PRICE_USD}.00 per month`}
      </Button>
    </Stack>
  );
}
