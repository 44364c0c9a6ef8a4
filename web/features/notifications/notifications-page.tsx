import { useEffect } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { SKELETONS } from '@shared/constants';
import { formatRelative } from '@shared/format';
import type { TNotification } from '@shared/schemas/notification';
import { PendingMark } from '@web/components/pending-mark';
import { useToast } from '@web/components/toaster';
import { usePendingReadIds } from '@web/api/writes/pending-writes';
import { QueryState } from '@web/components/query-state';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useNotifications } from '@web/api/notifications/get-notifications';
import { unreadCountQueryKey } from '@web/lib/query-keys';
import { useMarkNotificationRead } from '@web/api/notifications/mark-notification-read';
import { SIGN_OUT_URL } from '@web/api/auth/auth-pages';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function NotificationRow({
  n,
  onMarkRead,
  onOpen,
  pending,
  queued,
}: {
  n: TNotification;
  onMarkRead: () => void;
  onOpen: () => void;
  pending: boolean;
  queued: boolean;
}) {
  const body = (
    <Box sx={{ minWidth: 0, flex: 1, py: 0.5 }}>
      <Typography sx={{ fontWeight: n.read ? 500 : 700 }}>{n.title}</Typography>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {n.message}
      </Typography>
      <Typography variant="caption" color="textSecondary" component="time" dateTime={n.createdAt}>
        {`${formatRelative(n.createdAt)} ago`}
      </Typography>
      {queued && (
        <Box component="span" sx={{ ml: 1 }}>
          <PendingMark what="Mark as read" />
        </Box>
      )}
    </Box>
  );
  return (
    <ListItem
      disablePadding
      data-testid="notification"
      data-read={n.read ? 'true' : 'false'}
      secondaryAction={
        n.read ? undefined : (
          <Tooltip title="Mark as read">
            <span>
              <IconButton edge="end" aria-label={`Mark "${n.title}" as read`} onClick={onMarkRead} disabled={pending}>
                <CheckIcon />
              </IconButton>
            </span>
          </Tooltip>
        )
      }
      sx={{
        borderLeft: 4,
        borderColor: n.read ? 'transparent' : 'primary.main',
        bgcolor: n.read ? 'transparent' : 'action.selected',
        borderRadius: 1,
        mb: 1,
      }}
    >
      {n.link ? (
        <ListItemButton onClick={onOpen} sx={{ borderRadius: 1, pr: n.read ? 2 : 7 }}>
          {!n.read && <Box component="span" sx={visuallyHidden}>Unread: </Box>}
          {body}
        </ListItemButton>
      ) : (
        <Box sx={{ px: 2, py: 1, pr: n.read ? 2 : 7, width: '100%' }}>
          {!n.read && <Box component="span" sx={visuallyHidden}>Unread: </Box>}
          {body}
        </Box>
      )}
    </ListItem>
  );
}

/** /notifications: 'Recent Activity' with unread items highlighted, each markable as read. */
export function NotificationsPage() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const authRedirect = useAuthRedirect();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { toast } = useToast();

  useEffect(() => {
    if (notifications.error) authRedirect(notifications.error);
  }, [notifications.error, authRedirect]);

  // The sidebar's count catches up with the list the member is looking at.
  useEffect(() => {
    if (notifications.dataUpdatedAt) void qc.invalidateQueries({ queryKey: unreadCountQueryKey });
  }, [notifications.dataUpdatedAt, qc]);

  const mark = (n: TNotification) =>
    markRead.mutate(n.id, {
      onError: (err) => {
        if (!authRedirect(err)) toast({ title: 'Error', description: 'Failed to mark notification as read', variant: 'destructive' });
      },
    });

  const open = (n: TNotification) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link) navigate(n.link);
  };

  const list = notifications.data ?? [];
  const queued = usePendingReadIds();

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          Notifications
        </Typography>
        <Link href={SIGN_OUT_URL} variant="body2">
          Sign Out
        </Link>
      </Stack>
      <Paper variant="outlined" component="section" aria-labelledby="recent-activity" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="recent-activity" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Recent Activity
        </Typography>
        <QueryState
          query={notifications}
          errorText="Failed to load notifications"
          loading={
          <Stack spacing={1} aria-busy="true" aria-label="Loading notifications">
            {Array.from({ length: SKELETONS.notifications }, (_, i) => (
              <Skeleton key={i} variant="rectangular" height={72} sx={{ borderRadius: 1 }} data-testid="notification-skeleton" />
            ))}
          </Stack>
          }
          empty={
          <Stack spacing={1} sx={{ alignItems: 'center', py: 4 }}>
            <NotificationsNoneIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
            <Typography color="textSecondary">No notifications yet</Typography>
          </Stack>
          }
        >
          {() => (
          <List disablePadding aria-label="Notifications">
            {list.map((n) => (
              <NotificationRow
                key={n.id}
                n={n}
                pending={markRead.isPending && markRead.variables === n.id}
                queued={queued.has(n.id)}
                onMarkRead={() => mark(n)}
                onOpen={() => open(n)}
              />
            ))}
          </List>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
