// The visible toast, loaded after the first paint (or with the first toast): the live regions that
// announce toasts stay in components/toaster.tsx, always in the page.
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, TOAST_VIEWPORT_MAX_WIDTH_PX } from '@shared/constants';
import { TOAST_REGION, toastSeverity, type ToastViewProps } from './toast-parts';

/** One toast (render it with the toast's id as key): 5 s, swipe right 50 px to dismiss. */
export function ToastView({
  toast,
  open,
  onClose,
  alertRef,
  entered = false,
}: ToastViewProps) {
  const theme = useTheme();
  const dragStart = useRef<number | null>(null);
  const [dragX, setDragX] = useState(0);
  return (
    <Snackbar
      open={open}
      autoHideDuration={TOAST_DURATION_MS}
      onClose={(_e, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      {...(entered ? { transitionDuration: { enter: 0, exit: theme.transitions.duration.leavingScreen } } : {})}
      sx={{ maxWidth: TOAST_VIEWPORT_MAX_WIDTH_PX, width: 'calc(100% - 16px)' }}
    >
      <Alert
        ref={alertRef}
        {...TOAST_REGION}
        severity={toastSeverity(toast.variant)}
        variant="filled"
        onClose={onClose}
        sx={{ width: '100%', transform: `translateX(${dragX}px)`, touchAction: 'pan-y' }}
        onPointerDown={(e) => {
          dragStart.current = e.clientX;
        }}
        onPointerMove={(e) => {
          if (dragStart.current !== null) setDragX(Math.max(0, e.clientX - dragStart.current));
        }}
        onPointerUp={() => {
          if (dragX > TOAST_SWIPE_THRESHOLD_PX) onClose();
          else setDragX(0);
          dragStart.current = null;
        }}
      >
        <AlertTitle>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
