import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import PersonIcon from '@mui/icons-material/Person';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import ShareIcon from '@mui/icons-material/Share';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { formatCost, formatCount, formatDate, isImageUrl, ratingsLabel } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import { PremiumBadge } from './premium-badge';
import { RankingReasons } from './ranking-reasons';
import { StarRatingDisplay } from './star-rating-display';
import { ProjectThumbnail } from './image-fallback';

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={`${formatCount(value)} ${label}`}>
      {icon}
      <Typography variant="caption">{formatCount(value)}</Typography>
    </Stack>
  );
}

/**
 * The project card, used wherever projects are listed. `eager` for the cards a first
 * screen shows: their thumbnails load at once instead of after a layout (the largest paint is one).
 */
export function ProjectCard({ project, actions, eager = false }: { project: TProject; actions?: ReactNode; eager?: boolean }) {
  const cost = formatCost(project.cost);
  const iconSx = { fontSize: 16 } as const;
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="project-card">
      {project.sharedBy && (
        <Typography variant="caption" color="textSecondary" sx={{ px: 1.5, pt: 1, display: 'flex', gap: 0.5, alignItems: 'center' }}>
          <ShareIcon sx={iconSx} aria-hidden />
          {project.sharedByName ?? 'Someone'} shared{project.sharedAt ? ` · ${formatDate(project.sharedAt)}` : ''}
        </Typography>
      )}
      <CardActionArea component={RouterLink} to={`/project/${project.id}`} sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <ProjectThumbnail
          src={project.thumbnail}
          title={project.title}
          category={project.category}
          sizes="(min-width: 1200px) 25vw, (min-width: 600px) 50vw, 100vw"
          loading={eager ? 'eager' : 'lazy'}
        />
        <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {project.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Avatar src={isImageUrl(project.authorAvatar) ? project.authorAvatar! : undefined} alt="" sx={{ width: 24, height: 24 }}>
              <PersonIcon sx={iconSx} />
            </Avatar>
            <Typography variant="body2" color="textSecondary" noWrap>
              {project.authorName}
            </Typography>
            {project.authorIsPremium && <PremiumBadge compact />}
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <StarRatingDisplay value={project.averageRating} size="sm" />
            <Typography variant="caption" color="textSecondary">
              {ratingsLabel(project.ratingCount)}
            </Typography>
          </Stack>
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={1.5} sx={{ color: 'text.secondary', flexWrap: 'wrap' }}>
            <Count icon={<VisibilityIcon sx={iconSx} />} value={project.viewCount} label="views" />
            <Count icon={<FavoriteIcon sx={iconSx} />} value={project.reactionCount} label="likes" />
            <Count icon={<ChatIcon sx={iconSx} />} value={project.commentCount} label="comments" />
            <Count icon={<BookmarkIcon sx={iconSx} />} value={project.saveCount} label="saves" />
          </Stack>
          {(project.location || cost) && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {project.location && (
                <Typography variant="caption" color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
                  <PlaceIcon sx={iconSx} aria-hidden />
                  {project.location}
                </Typography>
              )}
              {cost && <Chip size="small" label={cost} color={cost === 'Free' ? 'success' : 'default'} variant="outlined" />}
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
      {project.reasons && project.reasons.length > 0 && (
        <Box sx={{ px: 1, pb: 0.5 }}>
          <RankingReasons reasons={project.reasons} projectTitle={project.title} />
        </Box>
      )}
      {actions && <Box sx={{ px: 1.5, pb: 1.5 }}>{actions}</Box>}
    </Card>
  );
}
