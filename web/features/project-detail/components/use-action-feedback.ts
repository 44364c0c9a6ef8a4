import { useCallback } from 'react';
import { useToast } from '@web/components/toaster';
import { useAuthRedirect } from '@web/components/use-auth-redirect';

/** The action toasts: 'Success' with the action's text, or 'Error' (a 401 logs in again instead). */
export function useActionFeedback() {
  const { toast } = useToast();
  const authRedirect = useAuthRedirect();
  const succeeded = useCallback((description: string) => toast({ title: 'Success', description, variant: 'success' }), [toast]);
  const failed = useCallback(
    (error: unknown, description: string) => {
      if (authRedirect(error)) return;
      toast({ title: 'Error', description, variant: 'destructive' });
    },
    [authRedirect, toast],
  );
  return { succeeded, failed };
}
