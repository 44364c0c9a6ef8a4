import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router-dom';
import type { TCurrentUser } from '@shared/schemas/auth';
import { OfflineBanner } from '@web/components/offline-banner';
import { useUnreadCount } from '@web/api/notifications/get-unread-count';
import { unreadCountQueryKey } from '@web/lib/query-keys';
import { afterPageSettled, lazyPart, useAfterFirstPaint, usePageSettled } from '@web/lib/after-first-paint';
import { useDesktopIntegration } from '../desktop-integration';
import { MAIN_CONTENT_ID, SkipLink } from '@web/components/skip-link';
import { Sidebar } from './sidebar';

const WIDTH = 264;

// Not needed for the first paint (bundle budget, scripts/check-bundle.ts): the narrow screens' drawer
// (a modal, closed at first), the unread badge (it waits for its count anyway) and the live socket load
// once the page is idle; the offline sync, which needs the local store, once the page has settled.
const MobileDrawer = lazyPart(() => import('./mobile-drawer').then((m) => m.MobileDrawer));
const UnreadBadge = lazyPart(() => import('./unread-badge').then((m) => m.UnreadBadge));
const ShellBackground = lazyPart(() => import('./shell-background').then((m) => m.ShellBackground));
// Only unverified members render it: a chunk of its own keeps it out of everyone else's first paint.
const UnverifiedBanner = lazyPart(() => import('@web/components/unverified-banner').then((m) => m.UnverifiedBanner));
const ShellOfflineSync = lazyPart(() => import('./shell-offline-sync').then((m) => m.ShellOfflineSync), undefined, afterPageSettled);

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
    <Suspense fallback={null}>
      <UnreadBadge count={count} />
    </Suspense>
  );
}

/** The signed-in layout: a permanent sidebar on wide screens, a drawer behind a menu button on narrow ones. */
export function AppShell({ user, badges: given }: { user: TCurrentUser; badges?: Record<string, ReactNode> }) {
  const [open, setOpen] = useState(false);
  const idle = useAfterFirstPaint();
  const settled = usePageSettled();
  const notificationBadge = useNotificationBadge();
  useDesktopIntegration();
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
      {(idle || open) && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onClose={() => setOpen(false)} width={WIDTH}>
            <Sidebar user={user} badges={badges} idle={idle} onNavigate={() => setOpen(false)} />
          </MobileDrawer>
        </Suspense>
      )}
      {idle && (
        <Suspense fallback={null}>
          <ShellBackground userId={user.id} />
        </Suspense>
      )}
      {settled && (
        <Suspense fallback={null}>
          <ShellOfflineSync />
        </Suspense>
      )}
      {/* The wide screens' permanent sidebar: what MUI's permanent Drawer renders, without its modal code. */}
      <Box sx={{ display: { xs: 'none', md: 'block' }, width: WIDTH, flex: '0 0 auto' }}>
        <Paper
          square
          elevation={0}
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            zIndex: 'drawer',
            width: WIDTH,
            height: '100%',
            boxSizing: 'border-box',
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            outline: 0,
            borderRight: 1,
            borderColor: 'divider',
          }}
        >
          <Sidebar user={user} badges={badges} idle={idle} />
        </Paper>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, outline: 'none', p: { xs: 2, md: 4 }, pt: { xs: 10, md: 4 } }}>
        <OfflineBanner />
        {!user.emailVerified && user.email && (
          // Its room is kept while the chunk loads, so the page below does not jump when it shows.
          <Suspense fallback={<div style={{ minHeight: 48, marginBottom: 24 }} />}>
            <UnverifiedBanner user={user} />
          </Suspense>
        )}
        <Outlet />
      </Box>
    </Box>
  );
}
