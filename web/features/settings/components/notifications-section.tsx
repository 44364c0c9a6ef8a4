import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_MESSAGES,
  type TNotificationChannel,
  type TNotificationKind,
} from '@shared/schemas/notification-settings';
import { useNotificationSettings, useUpdateNotificationSettings } from '@web/api/account/notification-settings';
import { QueryState } from '@web/components/query-state';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { SettingsSection } from './settings-section';

/** Per kind: in the app, by email at once, in a daily digest, or off; saved on each change. */
export function NotificationsSection({ emailVerified }: { emailVerified: boolean }) {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const { toast } = useToast();

  const change = (kind: TNotificationKind, channel: TNotificationChannel) =>
    update.mutate(
      { [kind]: channel },
      {
        onSuccess: () => toast({ title: NOTIFICATION_SETTINGS_MESSAGES.saved }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to save notification settings'), variant: 'destructive' }),
      },
    );

  return (
    <SettingsSection id="notifications" title="Notifications" description="Choose how each kind of activity reaches you. Emails carry a link to stop that kind.">
      {!emailVerified && <Alert severity="info">Emails go out once your address is verified.</Alert>}
      <QueryState query={settings} errorText="Failed to load notification settings" loading={<Typography>Loading notification settings...</Typography>}>
        {(current) => (
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            {NOTIFICATION_KINDS.map((kind) => (
              <TextField
                key={kind}
                select
                label={NOTIFICATION_KIND_LABELS[kind]}
                value={current[kind]}
                onChange={(e) => change(kind, e.target.value as TNotificationChannel)}
                disabled={update.isPending}
                slotProps={{ select: { native: true } }}
              >
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {NOTIFICATION_CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </TextField>
            ))}
          </Stack>
        )}
      </QueryState>
    </SettingsSection>
  );
}
