import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_HOTKEY,
  TOAST_VIEWPORT_MAX_WIDTH_PX,
} from '@shared/constants';

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' | 'success' };
type Toast = ToastInput & { id: number };
type ToastFn = (t: ToastInput) => void;

/** Out of sight, still read by screen readers. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0, p: 0, m: '-1px' } as const;

const ToastContext = createContext<ToastFn | null>(null);

/** Spec section 9: one toast at a time (a new one replaces it), 5 s, swipe right 50 px to dismiss, F8 focuses it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const seq = useRef(0);
  const alertRef = useRef<HTMLDivElement>(null);
  const dragStart = useRef<number | null>(null);
  const [dragX, setDragX] = useState(0);

  const show = useCallback<ToastFn>((t) => {
    seq.current += 1;
    setToast({ ...t, id: seq.current });
    setDragX(0);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_VIEWPORT_HOTKEY) alertRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Screen readers hear each toast from live regions that are always in the page: a region that mounts
  // together with its text (as the Snackbar does) is often not announced. Errors interrupt; others wait.
  const destructive = toast?.variant === 'destructive';
  const announcement = toast ? [toast.title, toast.description].filter(Boolean).join('. ') : '';

  const severity = toast?.variant === 'destructive' ? 'error' : toast?.variant === 'success' ? 'success' : 'info';

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Box sx={visuallyHidden} role="status" aria-live="polite" aria-atomic="true" data-testid="toast-announcer">
        {toast && !destructive && <span key={toast.id}>{announcement}</span>}
      </Box>
      <Box sx={visuallyHidden} role="alert" aria-live="assertive" aria-atomic="true" data-testid="toast-alert-announcer">
        {toast && destructive && <span key={toast.id}>{announcement}</span>}
      </Box>
      <Snackbar
        key={toast?.id}
        open={open && !!toast}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        sx={{ maxWidth: TOAST_VIEWPORT_MAX_WIDTH_PX, width: 'calc(100% - 16px)' }}
      >
        <Alert
          ref={alertRef}
          tabIndex={-1}
          // Announced by the live regions above; F8 focuses this region (spec section 9).
          role="region"
          aria-label="Notification"
          data-testid="toast"
          severity={severity}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ width: '100%', transform: `translateX(${dragX}px)`, touchAction: 'pan-y' }}
          onPointerDown={(e) => {
            dragStart.current = e.clientX;
          }}
          onPointerMove={(e) => {
            if (dragStart.current !== null) setDragX(Math.max(0, e.clientX - dragStart.current));
          }}
          onPointerUp={() => {
            if (dragX > TOAST_SWIPE_THRESHOLD_PX) setOpen(false);
            else setDragX(0);
            dragStart.current = null;
          }}
        >
          {toast && <AlertTitle>{toast.title}</AlertTitle>}
          {toast?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): { toast: ToastFn } {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider');
  return useMemo(() => ({ toast }), [toast]);
}
