import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingScreen } from '@web/components/loading-screen';
import { loginUrl } from '@web/api/auth/auth-pages';
import { useUser } from '@web/lib/use-user';

function Notice({ title, text, action, standalone }: { title: string; text: string; action: ReactNode; standalone?: boolean }) {
  // Signed out, /admin renders outside the app shell, so the notice is the page's main landmark.
  return (
    <Box component={standalone ? 'main' : 'div'} sx={{ py: 10, px: 2, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
      <LockIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}

/** Visitors see 'Authentication Required', members 'Access Denied'; admins pass. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { user, isLoading } = useUser();
  if (isLoading) return <LoadingScreen />;
  if (!user) {
    return (
      <Notice
        standalone
        title="Authentication Required"
        text="Please log in to access the admin portal."
        action={
          <Button variant="contained" href={loginUrl('/admin')}>
            Log In
          </Button>
        }
      />
    );
  }
  if (!user.isAdmin) {
    return (
      <Notice
        title="Access Denied"
        text="You need administrator privileges to access this page."
        action={
          <Button variant="contained" component={RouterLink} to="/">
            Return to Home
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
