import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';

/** The placeholder shown while cards load, in the card's shape so nothing jumps when they come. */
export function ProjectCardSkeleton() {
  return (
    <Card variant="outlined" data-testid="project-card-skeleton" aria-hidden>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <CardContent>
        <Skeleton width="80%" />
        <Skeleton width="50%" />
        <Skeleton width="60%" />
      </CardContent>
    </Card>
  );
}
