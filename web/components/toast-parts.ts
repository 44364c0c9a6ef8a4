// What both renderings of a toast share (the plain one in toaster.tsx, the full one in toast-view.tsx):
// kept apart so the first paint's bundle takes these few lines and not the full toast's MUI parts.
import type { RefObject } from 'react';

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' | 'success' };

/** What the toast views take, the plain one and the full (lazy) one alike. */
export type ToastViewProps = {
  toast: ToastInput;
  open: boolean;
  onClose: () => void;
  alertRef: RefObject<HTMLDivElement | null>;
  /** Already on screen as the plain toast: the full one takes its place without a second entrance (a fade from blank). */
  entered?: boolean;
};

/** The palette colour of a toast's variant. */
export function toastSeverity(variant: ToastInput['variant']): 'error' | 'success' | 'info' {
  return variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info';
}

/** The toast's own element: announced by the ToastProvider's live regions; F8 focuses this region, so a keyboard user reaches it. */
export const TOAST_REGION = { tabIndex: -1, role: 'region', 'aria-label': 'Notification', 'data-testid': 'toast' } as const;
