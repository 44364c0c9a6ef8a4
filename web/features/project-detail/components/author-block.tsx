import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Link as RouterLink } from 'react-router-dom';
import { formatCount } from '@shared/format';
import type { TInteractions } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { PremiumBadge } from '@web/components/premium-badge';
import { UserAvatar } from '@web/components/user-avatar';
import { useToggleFollow } from '@web/api/users/toggle-follow';
import { useActionFeedback } from './use-action-feedback';

/** The author's avatar, name and follow counts linking to their profile, and the follow button (never for the author). */
export function AuthorBlock({
  project,
  interactions,
  isAuthor,
}: {
  project: TProject;
  interactions: TInteractions | undefined;
  isAuthor: boolean;
}) {
  const follow = useToggleFollow();
  const { succeeded, failed } = useActionFeedback();
  const profilePath = `/profile/${encodeURIComponent(project.authorHandle)}`;
  const isFollowing = interactions?.isFollowing ?? false;

  const toggle = () =>
    follow.mutate({ handle: project.authorId, isFollowing }, {
      onSuccess: () => succeeded(isFollowing ? 'User unfollowed successfully!' : 'User followed successfully!'),
      onError: (err) => failed(err, 'Failed to follow/unfollow user. Please try again.'),
    });

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}>
      <Link component={RouterLink} to={profilePath} underline="none" color="inherit" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <UserAvatar user={{ displayName: project.authorName, profileImageUrl: project.authorAvatar }} sx={{ width: 48, height: 48 }} />
        <Box>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 700 }} data-testid="author-name">
              {project.authorName}
            </Typography>
            {project.authorIsPremium && <PremiumBadge />}
          </Stack>
          {interactions && (
            <Typography variant="body2" color="textSecondary" data-testid="author-counts">
              {`${formatCount(interactions.authorFollowerCount)} followers · ${formatCount(interactions.authorFollowingCount)} following`}
            </Typography>
          )}
        </Box>
      </Link>
      {!isAuthor && interactions && (
        <Button
          variant={isFollowing ? 'outlined' : 'contained'}
          size="small"
          startIcon={isFollowing ? <PersonRemoveIcon /> : <PersonAddIcon />}
          aria-pressed={isFollowing}
          onClick={toggle}
          disabled={follow.isPending}
        >
          {isFollowing ? 'Unfollow' : 'Follow'}
        </Button>
      )}
    </Stack>
  );
}
