import { useCallback } from 'react';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';

/**
 * The admin failure toasts: 'Error' with the given prefix and, when the server said
 * why, its message ('Failed to suspend user: ...'). A lost session goes through the login redirect.
 */
export function useAdminFailure() {
  const { toast } = useToast();
  const redirect = useAuthRedirect();
  return useCallback(
    (prefix: string, error: unknown, withMessage = true) => {
      if (redirect(error)) return;
      const message = errorMessage(error, '');
      const description = withMessage ? `${prefix} ${message || 'Please try again.'}` : message ? `${prefix}: ${message}` : prefix;
      toast({ title: 'Error', description, variant: 'destructive' });
    },
    [toast, redirect],
  );
}

export function useValidationToast() {
  const { toast } = useToast();
  return useCallback((description: string) => toast({ title: 'Error', description, variant: 'destructive' }), [toast]);
}
