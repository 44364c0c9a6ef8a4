import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { Link as RouterLink } from 'react-router-dom';
import { formatRelative } from '@shared/format';
import type { TSearchComment } from '@shared/schemas/discovery';
import { UserAvatar } from '@web/components/user-avatar';

/** Comment hits; each one opens the project it was written on. */
export function CommentResults({ comments }: { comments: TSearchComment[] }) {
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label="Matching comments">
        {comments.map((c, i) => (
          <ListItemButton
            key={c.id}
            component={RouterLink}
            to={`/project/${c.projectId}`}
            divider={i < comments.length - 1}
            alignItems="flex-start"
            data-testid="comment-result"
          >
            <ListItemAvatar>
              <UserAvatar user={{ displayName: c.userName, profileImageUrl: c.userAvatar }} />
            </ListItemAvatar>
            <ListItemText
              primary={c.content}
              secondary={`${c.userName} · ${formatRelative(c.createdAt)} ago`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
