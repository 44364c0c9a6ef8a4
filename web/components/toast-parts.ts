// What both renderings of a toast share (the plain one in toaster.tsx, the full one in toast-view.tsx):
// kept apart so the first paint's bundle takes these few lines and not the full toast's MUI parts.

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' | 'success' };

/** The palette colour of a toast's variant. */
export function toastSeverity(variant: ToastInput['variant']): 'error' | 'success' | 'info' {
  return variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info';
}

/** The toast's own element: announced by the ToastProvider's live regions; F8 focuses this region, so a keyboard user reaches it. */
export const TOAST_REGION = { tabIndex: -1, role: 'region', 'aria-label': 'Notification', 'data-testid': 'toast' } as const;
