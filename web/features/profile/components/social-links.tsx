import type { ReactElement } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CameraIcon from '@mui/icons-material/Camera';
import CampaignIcon from '@mui/icons-material/Campaign';
import ChatIcon from '@mui/icons-material/Chat';
import FacebookIcon from '@mui/icons-material/Facebook';
import GitHubIcon from '@mui/icons-material/GitHub';
import InstagramIcon from '@mui/icons-material/Instagram';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import RedditIcon from '@mui/icons-material/Reddit';
import SmartDisplayIcon from '@mui/icons-material/SmartDisplay';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import TelegramIcon from '@mui/icons-material/Telegram';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { completeSocialLinks, SOCIAL_PLATFORM_LABELS, type SocialPlatform, type TUserProfile } from '@shared/schemas/user';

/** Each supported platform's icon and colour; 'text.primary' follows the light or dark theme. */
const PLATFORM_STYLE: Record<SocialPlatform, { icon: ReactElement; color: string }> = {
  x: { icon: <XIcon />, color: 'text.primary' },
  youtube: { icon: <YouTubeIcon />, color: '#FF0000' },
  instagram: { icon: <InstagramIcon />, color: '#E4405F' },
  tiktok: { icon: <MusicNoteIcon />, color: '#FE2C55' },
  twitch: { icon: <LiveTvIcon />, color: '#9146FF' },
  facebook: { icon: <FacebookIcon />, color: '#1877F2' },
  snapchat: { icon: <CameraIcon />, color: '#F7C600' },
  rumble: { icon: <SmartDisplayIcon />, color: '#85C742' },
  truthsocial: { icon: <CampaignIcon />, color: '#5448EE' },
  reddit: { icon: <RedditIcon />, color: '#FF4500' },
  discord: { icon: <SportsEsportsIcon />, color: '#5865F2' },
  signal: { icon: <ChatIcon />, color: '#3A76F0' },
  telegram: { icon: <TelegramIcon />, color: '#26A5E4' },
  github: { icon: <GitHubIcon />, color: 'text.primary' },
};

/** The complete platform/URL pairs only, each opening in a new tab. */
export function SocialLinks({ profile }: { profile: TUserProfile }) {
  const links = completeSocialLinks(profile);
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} component="ul" aria-label="Social links" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {links.map(({ slot, platform, url }) => {
        const title = `View ${SOCIAL_PLATFORM_LABELS[platform]} profile`;
        const style = PLATFORM_STYLE[platform];
        return (
          <li key={slot}>
            <IconButton
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              title={title}
              aria-label={title}
              data-platform={platform}
              sx={{ color: style.color, border: 1, borderColor: 'divider' }}
            >
              {style.icon}
            </IconButton>
          </li>
        );
      })}
    </Stack>
  );
}
