import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { RECOMMENDED_SIDEBAR_MAX } from '@shared/constants';
import { formatCount } from '@shared/format';
import type { TRecommendedProject } from '@shared/schemas/interactions';
import { useRecommended } from '@web/api/interactions/get-recommended';
import { ProjectThumbnail } from '@web/components/image-fallback';

function RecommendedItem({ item }: { item: TRecommendedProject }) {
  const iconSx = { fontSize: 14 } as const;
  return (
    <Link
      component={RouterLink}
      to={`/project/${item.id}`}
      underline="none"
      color="inherit"
      data-testid="recommended-item"
      sx={{ display: 'flex', gap: 1.5, p: 1, borderRadius: 1, '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
    >
      <ProjectThumbnail src={item.thumbnail} title={item.title} initialSize="1.25rem" sx={{ width: 96, borderRadius: 1 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap>
          {item.title}
        </Typography>
        <Typography variant="caption" color="textSecondary" noWrap component="p">
          {item.authorName}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ color: 'text.secondary' }}>
          <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }} aria-label={`${formatCount(item.viewCount)} views`}>
            <VisibilityIcon sx={iconSx} aria-hidden />
            {formatCount(item.viewCount)}
          </Typography>
          <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }} aria-label={`${formatCount(item.reactionCount)} likes`}>
            <FavoriteBorderIcon sx={iconSx} aria-hidden />
            {formatCount(item.reactionCount)}
          </Typography>
        </Stack>
      </Box>
    </Link>
  );
}

/** 'Recommended Projects': at most 8 other projects, or 'No recommendations available', and 'Browse More Projects'. */
export function RecommendedSidebar({ projectId }: { projectId: string }) {
  const recommended = useRecommended(projectId);
  const items = (recommended.data ?? []).slice(0, RECOMMENDED_SIDEBAR_MAX);
  return (
    <Paper variant="outlined" component="aside" aria-labelledby="recommended-heading" sx={{ p: 2, position: { lg: 'sticky' }, top: { lg: 24 } }}>
      <Typography id="recommended-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        Recommended Projects
      </Typography>
      {recommended.isLoading ? (
        <Stack spacing={1}>
          {[0, 1, 2, 3].map((i) => (
            <Stack key={i} direction="row" spacing={1.5} sx={{ p: 1 }}>
              <Skeleton variant="rectangular" width={96} height={54} sx={{ borderRadius: 1 }} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="80%" />
                <Skeleton width="50%" />
              </Box>
            </Stack>
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 2 }}>
          No recommendations available
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          {items.map((item) => (
            <RecommendedItem key={item.id} item={item} />
          ))}
        </Stack>
      )}
      <Button component={RouterLink} to="/" fullWidth variant="outlined" sx={{ mt: 2 }}>
        Browse More Projects
      </Button>
    </Paper>
  );
}
