import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { formatCount, formatDate, formatMonthYear } from '@shared/format';
import type { TUserProfile } from '@shared/schemas/user';
import { initialsOf, profileNameOf, usableImageUrl } from '../profile-display';
import { SocialLinks } from './social-links';
import { FallbackImage } from '@web/components/image-fallback';

function Count({ value, label, testId }: { value: number; label: string; testId: string }) {
  return (
    <Typography variant="body2" color="textSecondary">
      <Box component="strong" sx={{ color: 'text.primary', fontWeight: 700 }} data-testid={testId}>
        {formatCount(value)}
      </Box>{' '}
      {label}
    </Typography>
  );
}

/** Banner, avatar, names, bio, location, 'Joined', counts, premium badge and social links. */
export function ProfileHeader({ profile, action }: { profile: TUserProfile; action: ReactNode }) {
  const name = profileNameOf(profile);
  const banner = usableImageUrl(profile.bannerImageUrl);
  const avatar = usableImageUrl(profile.profileImageUrl);
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ height: { xs: 140, md: 200 }, position: 'relative', background: 'linear-gradient(135deg, var(--mui-palette-primary-main), var(--mui-palette-secondary-main))' }}>
        {/* A banner that fails to load leaves the plain gradient behind it. */}
        {banner && <FallbackImage src={banner} data-testid="profile-banner" loading="eager" sx={{ position: 'absolute', inset: 0, bgcolor: 'transparent' }} />}
      </Box>
      <Box sx={{ px: { xs: 2, md: 4 }, pb: 3 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mt: { xs: -5, md: -7 }, mb: 2 }}>
          <Avatar
            src={avatar ?? undefined}
            alt={name}
            data-testid="profile-avatar"
            sx={{ width: { xs: 96, md: 128 }, height: { xs: 96, md: 128 }, fontSize: { xs: 36, md: 48 }, border: 4, borderColor: 'background.paper', bgcolor: 'primary.main' }}
          >
            {initialsOf(profile)}
          </Avatar>
          <Box sx={{ pb: 1 }}>{action}</Box>
        </Stack>
        <Stack spacing={1.25}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800, wordBreak: 'break-word' }}>
              {name}
            </Typography>
            {profile.isPremium && (
              <Chip
                icon={<WorkspacePremiumIcon />}
                label="Premium"
                color="warning"
                size="small"
                data-testid="premium-badge"
                aria-label="Premium member"
              />
            )}
          </Stack>
          <Typography color="textSecondary" data-testid="profile-handle">
            @{profile.handle}
          </Typography>
          {profile.isSuspended && (
            <Alert severity="warning">
              This user is suspended{profile.suspendedAt ? ` since ${formatDate(profile.suspendedAt)}` : ''}
              {profile.suspendedReason ? `. Reason: ${profile.suspendedReason}` : ''}. Only you and administrators can see this profile.
            </Alert>
          )}
          {profile.bio && (
            <Typography sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }} data-testid="profile-bio">
              {profile.bio}
            </Typography>
          )}
          <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', flexWrap: 'wrap', rowGap: 0.5 }}>
            {profile.location && (
              <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="profile-location">
                <PlaceIcon fontSize="small" aria-hidden />
                {profile.location}
              </Typography>
            )}
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <CalendarMonthIcon fontSize="small" aria-hidden />
              Joined {formatMonthYear(profile.createdAt)}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={2}>
            <Count value={profile.followingCount} label="Following" testId="following-count" />
            <Count value={profile.followerCount} label="Followers" testId="follower-count" />
          </Stack>
          <SocialLinks profile={profile} />
        </Stack>
      </Box>
    </Paper>
  );
}
