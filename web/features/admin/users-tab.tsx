import { useDeferredValue, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonIcon from '@mui/icons-material/Person';
import { Link as RouterLink } from 'react-router-dom';
import { formatRelative } from '@shared/format';
import type { TAdminUser } from '@shared/schemas/admin';
import { useAdminUsers, useDeleteUser, useUnsuspendUser, type AdminUsersFilter } from '@web/api/admin/admin-users';
import { useAdminFailure } from './admin-toasts';
import { adminUserName } from './admin-user-name';
import { ConfirmDialog } from './confirm-dialog';
import { PagedList } from './paged-list';
import { SuspendDialog } from './suspend-dialog';

const PAGE = 20;

function UserRow({ user, selfId, onSuspend, onDelete }: { user: TAdminUser; selfId: string; onSuspend: () => void; onDelete: () => void }) {
  const unsuspend = useUnsuspendUser();
  const failed = useAdminFailure();
  const name = adminUserName(user);
  const self = user.id === selfId;
  return (
    <Paper variant="outlined" component="li" data-testid="admin-user-row" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar src={user.profileImageUrl ?? undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
          <PersonIcon aria-hidden />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            {user.isAdmin && <Chip size="small" color="primary" label="Admin" />}
            {user.isSuspended && <Chip size="small" color="error" label="Suspended" />}
          </Stack>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
          <Typography variant="body2" color="textSecondary">{`Joined ${formatRelative(user.createdAt)} ago`}</Typography>
          {user.isSuspended && user.suspendedReason && (
            <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
              {`Suspension reason: ${user.suspendedReason}`}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button size="small" variant="outlined" component={RouterLink} to={`/profile/admin-view/${user.id}`} aria-label={`View Profile of ${name}`}>
            View Profile
          </Button>
          {user.isSuspended ? (
            <Button
              size="small"
              variant="outlined"
              disabled={unsuspend.isPending}
              aria-label={`Unsuspend ${name}`}
              onClick={() => unsuspend.mutate(user.id, { onError: (e) => failed('Failed to unsuspend user:', e) })}
            >
              {unsuspend.isPending ? 'Unsuspending...' : 'Unsuspend'}
            </Button>
          ) : (
            <Button size="small" variant="outlined" disabled={self} onClick={onSuspend} aria-label={`Suspend ${name}`}>
              Suspend
            </Button>
          )}
          <Button size="small" variant="outlined" color="error" disabled={self} onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The Users tab: server-side search and paging; Suspend, Unsuspend and Delete with their dialogs. */
export function UsersTab({ selfId }: { selfId: string }) {
  const [q, setQ] = useState('');
  const deferredQ = useDeferredValue(q);
  const [status, setStatus] = useState<AdminUsersFilter['status']>('all');
  const [offset, setOffset] = useState(0);
  const users = useAdminUsers({ q: deferredQ, status, offset, limit: PAGE });
  const [suspendTarget, setSuspendTarget] = useState<TAdminUser | null>(null);
  const [reason, setReason] = useState('');
  const [deleteTarget, setDeleteTarget] = useState<TAdminUser | null>(null);
  const del = useDeleteUser();
  const failed = useAdminFailure();

  const closeSuspend = () => {
    setSuspendTarget(null);
    setReason('');
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="Search users"
          placeholder="Name, handle or email"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setOffset(0);
          }}
          sx={{ flex: 1 }}
        />
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as AdminUsersFilter['status']);
            setOffset(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="all">All users</MenuItem>
          <MenuItem value="active">Active</MenuItem>
          <MenuItem value="suspended">Suspended</MenuItem>
        </TextField>
      </Stack>
      <PagedList query={users} noun="users" rows={(data) => data.users} offset={offset} limit={PAGE} onPage={setOffset}>
        {(u) => (
          <UserRow
            key={u.id}
            user={u}
            selfId={selfId}
            onSuspend={() => {
              setReason('');
              setSuspendTarget(u);
            }}
            onDelete={() => setDeleteTarget(u)}
          />
        )}
      </PagedList>
      <SuspendDialog target={suspendTarget} reason={reason} onReason={setReason} onClose={closeSuspend} />
      <ConfirmDialog
        open={!!deleteTarget}
        title="Delete User"
        confirmLabel="Delete User"
        pendingLabel="Deleting..."
        pending={del.isPending}
        onClose={() => setDeleteTarget(null)}
        onConfirm={() =>
          deleteTarget &&
          del.mutate(deleteTarget.id, {
            onSuccess: () => setDeleteTarget(null),
            onError: (e) => failed('Failed to delete user:', e),
          })
        }
      >
        {deleteTarget
          ? `This will permanently delete ${adminUserName(deleteTarget)} and all their content (projects, comments, reactions, ratings and follows). This action cannot be undone.`
          : ''}
      </ConfirmDialog>
    </Box>
  );
}
