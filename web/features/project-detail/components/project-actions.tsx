import { ReportButton } from '@web/components/report-button';
import { useUser } from '@web/lib/use-user';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import ShareIcon from '@mui/icons-material/Share';
import { formatCount } from '@shared/format';
import type { TInteractions } from '@shared/schemas/interactions';
import type { TProject } from '@shared/schemas/project';
import { PendingMark } from '@web/components/pending-mark';
import { usePendingProjectActions } from '@web/api/writes/pending-writes';
import { useShareProject } from '@web/api/interactions/share-project';
import { useToggleReaction } from '@web/api/interactions/toggle-reaction';
import { useToggleSave } from '@web/api/interactions/toggle-save';
import { useActionFeedback } from './use-action-feedback';

/** Like / Liked, Save / Saved and Share, each with its count. */
export function ProjectActions({ project, interactions }: { project: TProject; interactions: TInteractions | undefined }) {
  const id = String(project.id);
  const react = useToggleReaction(id);
  const save = useToggleSave(id);
  const share = useShareProject(id);
  const { succeeded, failed } = useActionFeedback();
  const hasReacted = interactions?.hasReacted ?? false;
  const hasSaved = interactions?.hasSaved ?? false;
  const ready = !!interactions;
  const { user } = useUser();
  const isOwn = user?.id === project.authorId;
  const queued = usePendingProjectActions(id);

  const onReact = () =>
    react.mutate(hasReacted, {
      onSuccess: () => succeeded(hasReacted ? 'Successfully removed reaction from project!' : 'Successfully reacted to project!'),
      onError: (err) => failed(err, 'Failed to react to project. Please try again.'),
    });
  const onSave = () =>
    save.mutate(hasSaved, {
      onSuccess: () => succeeded(hasSaved ? 'Project removed from saved projects!' : 'Project added to saved projects!'),
      onError: (err) => failed(err, 'Failed to save/unsave project. Please try again.'),
    });
  const onShare = () =>
    share.mutate(undefined, {
      onSuccess: () => succeeded('Project shared successfully!'),
      onError: (err) => failed(err, 'Failed to share project. Please try again.'),
    });

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        variant={hasReacted ? 'contained' : 'outlined'}
        color="error"
        startIcon={hasReacted ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        aria-pressed={hasReacted}
        disabled={!ready || react.isPending}
        onClick={onReact}
        data-testid="like-button"
      >
        {hasReacted ? 'Liked' : 'Like'} ({formatCount(project.reactionCount)})
      </Button>
      <Button
        variant={hasSaved ? 'contained' : 'outlined'}
        startIcon={hasSaved ? <BookmarkIcon /> : <BookmarkBorderIcon />}
        aria-pressed={hasSaved}
        disabled={!ready || save.isPending}
        onClick={onSave}
        data-testid="save-button"
      >
        {hasSaved ? 'Saved' : 'Save'} ({formatCount(project.saveCount)})
      </Button>
      <Button variant="outlined" color="secondary" startIcon={<ShareIcon />} disabled={share.isPending} onClick={onShare} data-testid="share-button">
        Share ({formatCount(project.shareCount)})
      </Button>
      {!isOwn && <ReportButton reportType="project" targetId={project.id} targetLabel="this project" variant="outlined" />}
      {queued.length > 0 && <PendingMark what={queued.join(', ')} />}
    </Stack>
  );
}
