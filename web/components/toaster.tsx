import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { TOAST_DURATION_MS, TOAST_VIEWPORT_HOTKEY, TOAST_VIEWPORT_MAX_WIDTH_PX } from '@shared/constants';
import { afterFirstPaint, loadWhenOnline } from '@web/lib/after-first-paint';
import { TOAST_REGION, toastSeverity, type ToastInput, type ToastViewProps } from './toast-parts';

/**
 * The toast as plain boxes, shown while the full one (MUI Snackbar and Alert, with swipe) loads, or
 * instead of it when its chunk cannot load (the network went away first): a toast is never lost.
 */
function PlainToast({ toast, open, onClose, alertRef }: ToastViewProps) {
  useEffect(() => {
    const timer = setTimeout(onClose, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  if (!open) return null;
  const color = toastSeverity(toast.variant);
  return (
    <Box
      ref={alertRef}
      {...TOAST_REGION}
      sx={{
        position: 'fixed',
        right: 8,
        bottom: 8,
        zIndex: 'snackbar',
        width: 'calc(100% - 16px)',
        maxWidth: TOAST_VIEWPORT_MAX_WIDTH_PX,
        p: 2,
        borderRadius: 1,
        bgcolor: `${color}.main`,
        color: `${color}.contrastText`,
        boxShadow: 6,
      }}
    >
      <Box sx={{ fontWeight: 500 }}>{toast.title}</Box>
      {toast.description}
    </Box>
  );
}

// The full toast is not needed for the first paint: its chunk loads when the page is idle, or with the first toast.
// Once loaded it renders directly (no Suspense round with the plain toast, whose swap would restart the
// toast's entrance while it is on screen).
let LoadedToastView: ComponentType<ToastViewProps> | null = null;
let toastViewLoading: Promise<{ default: ComponentType<ToastViewProps> }> | null = null;
const loadToastView = () =>
  (toastViewLoading ??= import('./toast-view').then(
    (m) => {
      LoadedToastView = m.ToastView;
      return { default: m.ToastView };
    },
    () => {
      // Fetched again once the network is back: later toasts are full ones.
      loadWhenOnline(
        () => import('./toast-view'),
        (m) => (LoadedToastView = m.ToastView),
      );
      return { default: PlainToast };
    },
  ));
const ToastView = lazy(loadToastView);
afterFirstPaint(() => void loadToastView());

type Toast = ToastInput & { id: number };
type ToastFn = (t: ToastInput) => void;

/** Out of sight, still read by screen readers. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0, p: 0, m: '-1px' } as const;

const ToastContext = createContext<ToastFn | null>(null);

/** One toast at a time (a new one replaces it, so they never pile up), 5 s, swipe right 50 px to dismiss, F8 focuses it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);
  const seq = useRef(0);
  const alertRef = useRef<HTMLDivElement>(null);

  const show = useCallback<ToastFn>((t) => {
    seq.current += 1;
    setToast({ ...t, id: seq.current });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

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

  return (
    <ToastContext.Provider value={show}>
      {children}
      <Box sx={visuallyHidden} role="status" aria-live="polite" aria-atomic="true" data-testid="toast-announcer">
        {toast && !destructive && <span key={toast.id}>{announcement}</span>}
      </Box>
      <Box sx={visuallyHidden} role="alert" aria-live="assertive" aria-atomic="true" data-testid="toast-alert-announcer">
        {toast && destructive && <span key={toast.id}>{announcement}</span>}
      </Box>
      {toast && LoadedToastView && <LoadedToastView key={toast.id} toast={toast} open={open} onClose={close} alertRef={alertRef} />}
      {toast && !LoadedToastView && (
        <Suspense fallback={<PlainToast key={toast.id} toast={toast} open={open} onClose={close} alertRef={alertRef} />}>
          <ToastView key={toast.id} toast={toast} open={open} onClose={close} alertRef={alertRef} entered />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): { toast: ToastFn } {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast needs a ToastProvider');
  return useMemo(() => ({ toast }), [toast]);
}
