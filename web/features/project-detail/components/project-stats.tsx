import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { formatCount } from '@shared/format';
import type { TProject } from '@shared/schemas/project';

function Stat({ icon, value, one, many, testId }: { icon: ReactNode; value: number; one: string; many: string; testId: string }) {
  return (
    <Typography variant="body2" color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid={testId}>
      {icon}
      {`${formatCount(value)} ${value === 1 ? one : many}`}
    </Typography>
  );
}

/** Counts of views, likes, comments and saves, and the optional 'Time: {timeSpent} {timeUnit}'. */
export function ProjectStats({ project }: { project: TProject }) {
  const iconSx = { fontSize: 18 } as const;
  return (
    <Stack direction="row" spacing={2.5} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label="Project statistics">
      <Stat icon={<VisibilityIcon sx={iconSx} aria-hidden />} value={project.viewCount} one="view" many="views" testId="stat-views" />
      <Stat icon={<FavoriteBorderIcon sx={iconSx} aria-hidden />} value={project.reactionCount} one="like" many="likes" testId="stat-likes" />
      <Stat icon={<ChatBubbleOutlineIcon sx={iconSx} aria-hidden />} value={project.commentCount} one="comment" many="comments" testId="stat-comments" />
      <Stat icon={<BookmarkBorderIcon sx={iconSx} aria-hidden />} value={project.saveCount} one="save" many="saves" testId="stat-saves" />
      {project.timeSpent !== null && (
        <Typography variant="body2" color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid="stat-time">
          <AccessTimeIcon sx={iconSx} aria-hidden />
          {`Time: ${project.timeSpent} ${project.timeUnit}`}
        </Typography>
      )}
    </Stack>
  );
}
