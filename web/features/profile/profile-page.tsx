import { ReportButton } from '@web/components/report-button';
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { TUserProfile } from '@shared/schemas/user';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useUser } from '@web/lib/use-user';
import { isNotFoundError, suspendedDetails, useProfile } from '@web/api/users/get-profile';
import { EditProfileDialog } from './components/edit-profile-dialog';
import { FollowButton } from './components/follow-button';
import { ProfileHeader } from './components/profile-header';
import { ProfileProjects } from './components/profile-projects';
import { UserSuspended } from './components/user-suspended';
import { profileNameOf } from './profile-display';

function ProfileNotFound() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Profile not found
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to Home
      </Button>
    </Paper>
  );
}

/**
 * /profile (the signed-in user's own, editable) and /profile/{handle} (anyone's; the parameter may also
 * be a user id, as the project page links by authorId).
 */
export function ProfilePage() {
  const { handle } = useParams<{ handle?: string }>();
  const { user } = useUser();
  const navigate = useNavigate();
  const handleAuthError = useAuthRedirect();
  const [editing, setEditing] = useState(false);
  const key = handle ?? user?.id;
  const { data: profile, isLoading, error, refetch } = useProfile(key);

  useEffect(() => {
    if (error) handleAuthError(error);
  }, [error, handleAuthError]);

  if (!user || isLoading || (!profile && !error)) {
    return (
      <Box role="status" aria-label="Loading profile" sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress />
      </Box>
    );
  }

  if (error || !profile) {
    const suspended = suspendedDetails(error);
    if (suspended) return <UserSuspended details={suspended} />;
    if (isNotFoundError(error)) return <ProfileNotFound />;
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Try Again</Button>}>
        Failed to load profile
      </Alert>
    );
  }

  const isOwner = profile.id === user.id;
  const onSaved = (saved: TUserProfile) => {
    setEditing(false);
    // A changed handle moves the page to its new address.
    if (handle && handle !== saved.id && handle !== saved.handle) navigate(`/profile/${saved.handle}`, { replace: true });
  };

  return (
    <Stack spacing={4} sx={{ maxWidth: 1200, mx: 'auto' }}>
      <ProfileHeader
        profile={profile}
        action={
          isOwner ? (
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing((v) => !v)}>
              Edit Profile
            </Button>
          ) : (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <FollowButton handle={key!} />
              <ReportButton reportType="user" targetId={profile.id} targetLabel={profileNameOf(profile)} />
            </Stack>
          )
        }
      />
      <ProfileProjects userKey={key!} isOwner={isOwner} name={profileNameOf(profile)} />
      {isOwner && <EditProfileDialog profile={profile} open={editing} onClose={() => setEditing(false)} onSaved={onSaved} />}
    </Stack>
  );
}
