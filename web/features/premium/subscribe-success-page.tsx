import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { SUCCESS_PAGE_COUNTDOWN_S } from '@shared/constants';
import { subscriptionStatusQueryKey } from '@web/api/premium/subscription-status';
import { userQueryKey } from '@web/lib/query-keys';
import { PREMIUM_FEATURES } from './components/plan-comparison';

/** /subscribe/success: the benefits, links to / and /my-projects, and a visible 5-second countdown to /. */
export function SubscribeSuccessPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [left, setLeft] = useState(SUCCESS_PAGE_COUNTDOWN_S);

  useEffect(() => {
    void qc.invalidateQueries({ queryKey: userQueryKey });
    void qc.invalidateQueries({ queryKey: subscriptionStatusQueryKey });
  }, [qc]);

  useEffect(() => {
    if (left <= 0) {
      navigate('/');
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 720, mx: 'auto' }}>
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Welcome to Premium!
        </Typography>
        <Typography color="textSecondary">Your subscription is active. Here is what you get:</Typography>
        <Stack component="ul" spacing={0.75} sx={{ textAlign: 'left', pl: 2.5, m: 0 }} data-testid="premium-benefits">
          {PREMIUM_FEATURES.map((f) => (
            <Typography component="li" key={f}>
              {f}
            </Typography>
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" component={RouterLink} to="/">
            Start Exploring
          </Button>
          <Button variant="outlined" component={RouterLink} to="/my-projects">
            View My Projects
          </Button>
        </Stack>
        <Typography color="textSecondary" role="status" aria-live="polite" data-testid="countdown">
          {`Redirecting to the home page in ${left} second${left === 1 ? '' : 's'}...`}
        </Typography>
      </Stack>
    </Paper>
  );
}
