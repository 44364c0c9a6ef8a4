import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ratingsLabel } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import { StarRating } from '@web/components/star-rating';
import { useRateProject } from '@web/api/interactions/rate-project';
import { useUserRating } from '@web/api/interactions/get-user-rating';
import { useActionFeedback } from './use-action-feedback';

/** The average with '(N rating(s))' or 'No ratings yet'. */
export function AverageRating({ project }: { project: TProject }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="average-rating">
      <StarRating value={project.averageRating} readOnly showValue size="md" />
      <Typography variant="body2" color="textSecondary">
        {project.ratingCount > 0 ? ratingsLabel(project.ratingCount) : 'No ratings yet'}
      </Typography>
    </Stack>
  );
}

/** 'Rate this project:' for signed-in members who are not the author; rating again replaces the rating. */
export function RateProjectInput({ projectId }: { projectId: string }) {
  const mine = useUserRating(projectId, true);
  const rate = useRateProject(projectId);
  const { succeeded, failed } = useActionFeedback();
  const value = rate.isPending ? (rate.variables ?? 0) : (mine.data?.rating ?? 0);

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} data-testid="rate-project">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Rate this project:
      </Typography>
      <StarRating
        value={value}
        size="lg"
        label="Rate this project"
        onChange={(rating) =>
          rate.mutate(rating, {
            onSuccess: () => succeeded('Rating submitted successfully!'),
            onError: (err) => failed(err, 'Failed to submit rating. Please try again.'),
          })
        }
      />
    </Stack>
  );
}
