import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAccountSession } from '@shared/schemas/account';
import { useAccountSessions, useEndSession, useSignOutOthers } from '@web/api/account/account-settings';
import { QueryState } from '@web/components/query-state';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { SettingsSection } from './settings-section';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'unknown');

/** Where the member is signed in, with "Sign out" on each other device and "Sign out everywhere else". */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useSignOutOthers();
  const { toast } = useToast();
  const failed = (err: unknown) => toast({ title: 'Error', description: errorMessage(err, 'Failed to sign out the session. Please try again.'), variant: 'destructive' });

  const row = (s: TAccountSession) => (
    <ListItem
      key={s.id}
      divider
      secondaryAction={
        s.current ? (
          <Typography variant="body2" color="primary">
            This device
          </Typography>
        ) : (
          <Button size="small" aria-label={`Sign out ${s.device}`} disabled={endOne.isPending} onClick={() => endOne.mutate(s.id, { onSuccess: () => toast({ title: 'Signed out', description: `${s.device} was signed out.` }), onError: failed })}>
            Sign out
          </Button>
        )
      }
    >
      <ListItemText primary={s.device} secondary={`Signed in ${when(s.signedInAt)} · last seen ${when(s.lastSeenAt)}`} />
    </ListItem>
  );

  return (
    <SettingsSection id="sessions" title="Where you're signed in" description="Sign out a device you do not recognise, then change your password.">
      <QueryState query={sessions} errorText="Failed to load your sessions" loading={<Typography>Loading sessions...</Typography>}>
        {(list) => (
          <Stack spacing={2}>
            <List dense aria-label="Signed-in sessions">{list.map(row)}</List>
            <Button
              variant="outlined"
              sx={{ alignSelf: 'flex-start' }}
              disabled={endOthers.isPending || list.length < 2}
              onClick={() => endOthers.mutate(undefined, { onSuccess: ({ ended }) => toast({ title: 'Signed out', description: `${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.` }), onError: failed })}
            >
              Sign out everywhere else
            </Button>
          </Stack>
        )}
      </QueryState>
    </SettingsSection>
  );
}
