import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useUser } from '@web/lib/use-user';
import { accountSessionsQueryKey } from '@web/lib/query-keys';
import { DataSection } from './components/data-section';
import { DeleteSection } from './components/delete-section';
import { EmailSection } from './components/email-section';
import { NotificationsSection } from './components/notifications-section';
import { PasswordSection } from './components/password-section';
import { SessionsSection } from './components/sessions-section';

/** /settings: the member's account — address, password, devices, their data, and leaving. */
export function SettingsPage() {
  const { user } = useUser();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  if (!user) return null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Settings
      </Typography>
      <EmailSection user={user} />
      {user.hasPassword && <PasswordSection onChanged={() => void qc.invalidateQueries({ queryKey: accountSessionsQueryKey })} />}
      <NotificationsSection emailVerified={user.emailVerified} />
      <SessionsSection />
      <DataSection />
      <DeleteSection user={user} openAtStart={params.get('confirm-delete') === '1'} />
    </Stack>
  );
}
