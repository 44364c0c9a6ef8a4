import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { COMMENT_MAX } from '@shared/constants';
import { formatRelative } from '@shared/format';
import { ZCommentRequestSchema, type TComment } from '@shared/schemas/interactions';
import { ReportButton } from '@web/components/report-button';
import { PremiumBadge } from '@web/components/premium-badge';
import { UserAvatar } from '@web/components/user-avatar';
import { useUser } from '@web/lib/use-user';
import { useComments } from '@web/api/interactions/get-comments';
import { usePostComment } from '@web/api/interactions/post-comment';
import { useActionFeedback } from './use-action-feedback';
import { PendingMark } from '@web/components/pending-mark';
import { usePendingComments } from '@web/api/writes/pending-writes';

function CommentItem({ comment, canReport }: { comment: TComment; canReport: boolean }) {
  return (
    <Stack direction="row" spacing={1.5} component="li" data-testid="comment" sx={{ listStyle: 'none' }}>
      <UserAvatar user={{ displayName: comment.userName, profileImageUrl: comment.userAvatar }} sx={{ width: 36, height: 36 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={`/profile/${encodeURIComponent(comment.userHandle)}`} sx={{ fontWeight: 600 }} underline="hover" color="textPrimary">
            {comment.userName}
          </Link>
          {comment.userIsPremium && <PremiumBadge compact />}
          <Typography variant="caption" color="textSecondary" component="time" dateTime={comment.createdAt}>
            {`${formatRelative(comment.createdAt)} ago`}
          </Typography>
          {canReport && (
            <ReportButton reportType="comment" targetId={comment.id} targetLabel={`the comment by ${comment.userName}`} sx={{ ml: 'auto', minWidth: 0, py: 0 }} />
          )}
        </Stack>
        {/* Plain text: React escapes it, so markup in a comment is shown, never run. */}
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }} data-testid="comment-content">
          {comment.content}
        </Typography>
      </Box>
    </Stack>
  );
}

/** 'Comments (N)', the comment box with Post Comment (disabled while blank), and the list or its empty state. */
export function CommentsSection({ projectId, commentCount }: { projectId: string; commentCount: number }) {
  const comments = useComments(projectId);
  const { user } = useUser();
  const post = usePostComment(projectId);
  const { succeeded, failed } = useActionFeedback();
  const [text, setText] = useState('');
  const check = ZCommentRequestSchema.safeParse({ content: text });
  const blank = text.trim().length === 0;
  const tooLong = !blank && !check.success;
  const queued = usePendingComments(projectId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check.success || post.isPending) return;
    post.mutate(check.data, {
      onSuccess: () => {
        setText('');
        succeeded('Comment posted successfully!');
      },
      onError: (err) => failed(err, 'Failed to post comment. Please try again.'),
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="comments-heading" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="comments-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        Comments ({commentCount})
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ mb: 3 }}>
        <TextField
          label="Add a comment"
          placeholder="Share your thoughts..."
          multiline
          minRows={3}
          fullWidth
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={tooLong}
          helperText={tooLong ? check.error?.issues[0]?.message : `${text.trim().length.toLocaleString('en-US')}/${COMMENT_MAX.toLocaleString('en-US')}`}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" disabled={!check.success || post.isPending}>
            {post.isPending ? 'Posting...' : 'Post Comment'}
          </Button>
        </Stack>
      </Box>
      <Divider sx={{ mb: 2 }} />
      {queued.length > 0 && (
        <Stack spacing={1} sx={{ mb: 2 }} aria-label="Comments waiting for the network">
          {queued.map((w) => (
            <Stack key={w.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="pending-comment">
              <Typography sx={{ overflowWrap: 'anywhere', flex: 1 }}>{w.content}</Typography>
              <PendingMark what="Comment" />
            </Stack>
          ))}
        </Stack>
      )}
      {comments.isLoading ? (
        <Stack spacing={2} aria-label="Loading comments">
          {[0, 1].map((i) => (
            <Stack key={i} direction="row" spacing={1.5}>
              <Skeleton variant="circular" width={36} height={36} />
              <Box sx={{ flex: 1 }}>
                <Skeleton width="30%" />
                <Skeleton width="80%" />
              </Box>
            </Stack>
          ))}
        </Stack>
      ) : comments.isError ? (
        <Typography color="error">Failed to load comments</Typography>
      ) : (comments.data ?? []).length === 0 ? (
        <Stack spacing={0.5} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }} data-testid="comments-empty">
          <ChatBubbleOutlineIcon color="disabled" sx={{ fontSize: 40 }} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>No comments yet</Typography>
          <Typography variant="body2" color="textSecondary">
            Be the first to share your thoughts!
          </Typography>
        </Stack>
      ) : (
        <Stack component="ul" spacing={2.5} sx={{ m: 0, p: 0 }} aria-label="Comments">
          {comments.data!.map((c) => (
            <CommentItem key={c.id} comment={c} canReport={!!user && user.id !== c.userId} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
