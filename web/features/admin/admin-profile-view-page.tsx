import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Avatar from '@mui/material/Avatar';
import LockIcon from '@mui/icons-material/Lock';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { displayNameOf, formatDate, formatMonthYear, isHttpUrl } from '@shared/format';
import type { TAuditEntry } from '@shared/schemas/admin';
import { useAdminUser, useAdminUserAudit, useAdminUserProjects, type TAdminUserProfile } from '@web/api/admin/admin-users';
import { ApiError } from '@web/lib/api-client';
import { useUser } from '@web/lib/use-user';

function initialsOf(u: TAdminUserProfile): string {
  const parts = displayNameOf(u).split(/\s+/).filter(Boolean);
  return (parts.slice(0, 2).map((p) => p.charAt(0).toUpperCase()).join('') || 'U').slice(0, 2);
}

const ACTION_LABELS: Record<string, string> = {
  'user.suspend': 'Suspended user',
  'user.unsuspend': 'Unsuspended user',
  'user.delete': 'Deleted user',
  'report.review': 'Reviewed report',
  'blog.create': 'Created blog post',
  'blog.update': 'Updated blog post',
  'blog.delete': 'Deleted blog post',
};

function History({ userId }: { userId: string }) {
  const audit = useAdminUserAudit(userId, true);
  const entries: TAuditEntry[] = audit.data ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        History
      </Typography>
      {audit.isLoading ? (
        <Skeleton height={48} />
      ) : entries.length === 0 ? (
        <Typography color="textSecondary">No admin actions recorded</Typography>
      ) : (
        <List dense aria-label="Admin actions" data-testid="admin-history">
          {entries.map((e) => (
            <ListItem key={e.id} disableGutters>
              <ListItemText
                primary={`${ACTION_LABELS[e.action] ?? e.action}${e.targetLabel ? `: ${e.targetLabel}` : ''}${e.reason ? ` (${e.reason})` : ''}`}
                secondary={`by ${e.actorName} · ${new Date(e.createdAt).toLocaleString('en-US')}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

function Projects({ userId, suspended }: { userId: string; suspended: boolean }) {
  const projects = useAdminUserProjects(userId, true);
  return (
    <Paper variant="outlined" sx={{ p: 3, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Projects
      </Typography>
      {suspended && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Hidden from public due to suspension
        </Alert>
      )}
      {projects.isLoading ? (
        <Skeleton height={96} />
      ) : !projects.data || projects.data.length === 0 ? (
        <Typography color="textSecondary">No projects found</Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {projects.data.map((p) => (
            <Paper key={p.id} variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} data-testid="admin-view-project">
              <Link component={RouterLink} to={`/project/${p.id}`} sx={{ fontWeight: 600 }}>
                {p.title}
              </Link>
              <Typography variant="body2" color="textSecondary">
                {p.category}
              </Typography>
              <Typography variant="body2" sx={{ my: 1, overflowWrap: 'anywhere' }}>
                {p.description}
              </Typography>
              <Typography variant="caption" color="textSecondary">{`Created ${formatDate(p.createdAt)} · ID ${p.id}`}</Typography>
            </Paper>
          ))}
        </Box>
      )}
    </Paper>
  );
}

function ProfileView({ userId }: { userId: string }) {
  const profile = useAdminUser(userId, true);
  if (profile.isLoading) {
    return (
      <Box data-testid="admin-view-skeleton">
        <Skeleton variant="rectangular" height={160} />
        <Skeleton variant="circular" width={96} height={96} sx={{ mt: -6, ml: 3 }} />
        <Skeleton width="40%" height={40} />
        <Skeleton width="60%" />
      </Box>
    );
  }
  if (profile.error instanceof ApiError && profile.error.status === 404) {
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
        <Typography variant="h4" component="h1" gutterBottom>
          User Not Found
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          No user has this id. They may have been deleted.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/admin">
          Back to Admin Portal
        </Button>
      </Paper>
    );
  }
  const u = profile.data;
  if (!u) {
    return <Typography color="error">Failed to load this user.</Typography>;
  }
  const banner = u.bannerImageUrl && (isHttpUrl(u.bannerImageUrl) || u.bannerImageUrl.startsWith('/uploads/')) ? u.bannerImageUrl : null;
  const avatar = u.profileImageUrl && (isHttpUrl(u.profileImageUrl) || u.profileImageUrl.startsWith('/uploads/')) ? u.profileImageUrl : undefined;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }}>
      <Link component={RouterLink} to="/admin">
        Back to Admin Portal
      </Link>
      <Paper variant="outlined" sx={{ mt: 2, overflow: 'hidden' }}>
        <Box
          aria-hidden
          sx={{ height: 160, bgcolor: 'primary.light', backgroundImage: banner ? `url("${encodeURI(banner)}")` : undefined, backgroundSize: 'cover', backgroundPosition: 'center' }}
        />
        <Box sx={{ p: 3, pt: 0 }}>
          <Avatar src={avatar} alt={displayNameOf(u)} sx={{ width: 96, height: 96, mt: -6, border: 4, borderColor: 'background.paper', fontSize: 32, bgcolor: 'primary.main' }}>
            {initialsOf(u)}
          </Avatar>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {displayNameOf(u)}
            </Typography>
            {u.isAdmin && <Chip size="small" color="primary" label="Admin" />}
            {u.isSuspended && <Chip size="small" color="error" label="Suspended" />}
          </Stack>
          <Typography color="textSecondary">{`@${u.handle}`}</Typography>
          <Typography variant="body2" color="textSecondary">{`ID: ${u.id}`}</Typography>
          <Typography variant="body2" color="textSecondary">{u.email ?? 'No email'}</Typography>
          {u.isSuspended && (
            <Paper variant="outlined" sx={{ p: 2, mt: 2, borderColor: 'error.main' }} data-testid="suspension-details">
              <Typography variant="subtitle1" component="h2" color="error" sx={{ fontWeight: 700 }}>
                Suspension Details
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`Reason: ${u.suspendedReason || 'No reason provided'}`}</Typography>
              {u.suspendedAt && <Typography variant="body2">{`Suspended on ${formatDate(u.suspendedAt)}`}</Typography>}
            </Paper>
          )}
          {u.bio && <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{u.bio}</Typography>}
          <Stack direction="row" spacing={3} sx={{ mt: 2, flexWrap: 'wrap' }}>
            {u.location && <Typography variant="body2">{u.location}</Typography>}
            <Typography variant="body2">{`Joined ${formatMonthYear(u.createdAt)}`}</Typography>
            <Typography variant="body2">{`${u.projectCount} ${u.projectCount === 1 ? 'project' : 'projects'}`}</Typography>
          </Stack>
        </Box>
      </Paper>
      <Projects userId={u.id} suspended={u.isSuspended} />
      <History userId={u.id} />
    </Box>
  );
}

/** /profile/admin-view/{userId}: any user's whole profile for admins; its calls run only for admins. */
export function AdminProfileViewPage() {
  const { userId = '' } = useParams();
  const { user, isLoading } = useUser();
  if (isLoading) {
    return (
      <Typography color="textSecondary" sx={{ py: 6, textAlign: 'center' }}>
        Checking admin access...
      </Typography>
    );
  }
  if (!user?.isAdmin) {
    return (
      <Paper variant="outlined" sx={{ p: 5, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
        <LockIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h4" component="h1" gutterBottom>
          Access Denied
        </Typography>
        <Typography color="textSecondary">Administrator privileges are required to view user profiles.</Typography>
        <Typography variant="body2" color="textSecondary" sx={{ my: 2 }}>
          {`Your user ID: ${user?.id ?? 'none'} · Admin: ${user?.isAdmin ? 'Yes' : 'No'}`}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">
          Return to Home
        </Button>
      </Paper>
    );
  }
  return <ProfileView userId={userId} />;
}
