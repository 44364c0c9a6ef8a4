import { useCallback } from 'react';
import { LOGIN_REDIRECT_DELAY_MS } from '@shared/constants';
import { loginUrl } from '@web/api/auth/auth-pages';
import { isUnauthorizedError } from '@web/lib/api-client';
import { useToast } from './toaster';


/**
 * A 401 means the session is gone: toast, then a full-page trip to /api/login (a server route, not the router)
 * after 500 ms. Answers whether the error was handled, so callers show their own toast otherwise.
 */
export function useAuthRedirect() {
  const { toast } = useToast();
  return useCallback(
    (error: unknown, delayMs: number = LOGIN_REDIRECT_DELAY_MS): boolean => {
      if (!isUnauthorizedError(error)) return false;
      toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
      window.setTimeout(() => window.location.assign(loginUrl()), delayMs);
      return true;
    },
    [toast],
  );
}
