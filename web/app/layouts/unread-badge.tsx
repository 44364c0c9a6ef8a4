// The unread count on the sidebar's Notifications item (loaded with the first count above zero, or when
// the page is idle: see app-shell.tsx).
import Badge from '@mui/material/Badge';

export function UnreadBadge({ count }: { count: number }) {
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
