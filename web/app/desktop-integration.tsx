// The desktop app's hooks into the signed-in shell: the unread count as the dock/taskbar badge, and
// navigation asked for by the host (a native notification's click, a buildboard:// deep link).
// In a browser the platform makes both no-ops.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUnreadCount } from '@web/api/notifications/get-unread-count';
import { platform } from '@web/platform';

export function useDesktopIntegration(): void {
  const navigate = useNavigate();
  const count = useUnreadCount().data?.count ?? 0;

  useEffect(() => {
    if (!platform.isDesktop) return;
    platform.setBadgeCount(count).catch(() => undefined);
  }, [count]);

  useEffect(() => {
    // Clear the badge when the member signs out (the shell unmounts).
    return () => {
      if (platform.isDesktop) platform.setBadgeCount(0).catch(() => undefined);
    };
  }, []);

  useEffect(() => platform.onNavigate((path) => void navigate(path)), [navigate]);
}
