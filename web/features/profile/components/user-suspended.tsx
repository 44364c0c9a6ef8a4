import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '@shared/format';
import type { TUserSuspended } from '@shared/schemas/user';

/** What non-owners see instead of a suspended user's profile. */
export function UserSuspended({ details }: { details: TUserSuspended }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, mx: 'auto', textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <BlockIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h4" component="h1">
          User Suspended
        </Typography>
        <Typography color="textSecondary">This user has been suspended and their profile is not available.</Typography>
        {details.reason && (
          <Typography data-testid="suspension-reason">
            <strong>Reason:</strong> {details.reason}
          </Typography>
        )}
        {details.suspendedAt && (
          <Typography variant="body2" color="textSecondary" data-testid="suspension-date">
            Suspended on {formatDate(details.suspendedAt)}
          </Typography>
        )}
        <Button variant="contained" component={RouterLink} to="/">
          Back to Home
        </Button>
      </Stack>
    </Paper>
  );
}
