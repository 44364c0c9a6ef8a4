import { useEffect, useRef, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router-dom';
import type { TCurrentUser } from '@shared/schemas/auth';
import { OfflineBanner } from '@web/components/offline-banner';
import { useUnreadCount } from '@web/api/notifications/get-unread-count';
import { unreadCountQueryKey } from '@web/api/query-keys';
import { useLiveNotifications } from '@web/lib/use-live-notifications';
import { useDesktopIntegration } from '../desktop-integration';
import { useDraftSync, useOutboxSender } from '@web/offline/use-offline';
import { MAIN_CONTENT_ID, SkipLink } from '@web/components/skip-link';
import { Sidebar } from './sidebar';

const WIDTH = 264;

/** The unread count on the sidebar's Notifications item, refreshed on every page change (no polling). */
function useNotificationBadge(): ReactNode {
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const unread = useUnreadCount();
  const lastPath = useRef(pathname);
  useEffect(() => {
    if (pathname === lastPath.current) return;
    lastPath.current = pathname;
    void qc.invalidateQueries({ queryKey: unreadCountQueryKey });
  }, [pathname, qc]);
  const count = unread.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      badgeContent={count}
      max={99}
      color="error"
      data-testid="notifications-badge"
      slotProps={{ badge: { 'aria-label': `${count} unread` } as object }}
      sx={{ mr: 1.5 }}
    />
  );
}

/** The signed-in layout: a permanent sidebar on wide screens, a drawer behind a menu button on narrow ones. */
export function AppShell({ user, badges: given }: { user: TCurrentUser; badges?: Record<string, ReactNode> }) {
  const [open, setOpen] = useState(false);
  const notificationBadge = useNotificationBadge();
  useLiveNotifications(user.id);
  useDesktopIntegration();
  useOutboxSender();
  useDraftSync();
  const badges = { Notifications: notificationBadge, ...given };
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="fixed" color="default" elevation={0} sx={{ display: { md: 'none' }, borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar>
          <IconButton edge="start" aria-label="Open navigation" onClick={() => setOpen(true)}>
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
            Buildboard
          </Typography>
        </Toolbar>
      </AppBar>
      <Drawer open={open} onClose={() => setOpen(false)} sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: WIDTH } }}>
        <Sidebar user={user} badges={badges} onNavigate={() => setOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{ display: { xs: 'none', md: 'block' }, width: WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: WIDTH, boxSizing: 'border-box' } }}
      >
        <Sidebar user={user} badges={badges} />
      </Drawer>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, outline: 'none', p: { xs: 2, md: 4 }, pt: { xs: 10, md: 4 } }}>
        <OfflineBanner />
        <Outlet />
      </Box>
    </Box>
  );
}
