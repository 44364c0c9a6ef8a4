// The narrow screens' navigation drawer (a modal): loaded when the page is idle or when it first opens.
import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';

export function MobileDrawer({ open, onClose, width, children }: { open: boolean; onClose: () => void; width: number; children: ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width } }}>
      {children}
    </Drawer>
  );
}
