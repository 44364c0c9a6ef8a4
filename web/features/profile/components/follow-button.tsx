import { useEffect } from 'react';
import Button from '@mui/material/Button';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useFollowStatus } from '@web/api/users/get-follow-status';
import { useToggleFollow } from '@web/api/users/toggle-follow';

/** Follow / Unfollow for another user's profile, with a toast for each outcome. */
export function FollowButton({ handle }: { handle: string }) {
  const { toast } = useToast();
  const handleAuthError = useAuthRedirect();
  const status = useFollowStatus(handle);
  const isFollowing = status.data?.isFollowing ?? false;
  const toggle = useToggleFollow({
    onSuccess: (result) =>
      toast({ title: result.isFollowing ? 'User followed successfully!' : 'User unfollowed successfully!', variant: 'success' }),
    onError: (error) => {
      if (handleAuthError(error)) return;
      toast({ title: 'Failed to update follow status', description: errorMessage(error, 'Failed to follow/unfollow user. Please try again.'), variant: 'destructive' });
    },
  });

  useEffect(() => {
    if (status.error) handleAuthError(status.error);
  }, [status.error, handleAuthError]);

  return (
    <Button
      variant={isFollowing ? 'outlined' : 'contained'}
      startIcon={isFollowing ? <PersonRemoveIcon /> : <PersonAddIcon />}
      aria-pressed={isFollowing}
      disabled={status.isLoading || toggle.isPending}
      onClick={() => toggle.mutate({ handle, isFollowing })}
    >
      {isFollowing ? 'Unfollow' : 'Follow'}
    </Button>
  );
}
