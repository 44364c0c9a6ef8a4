import Alert from '@mui/material/Alert';
import { formatRelative } from '@shared/format';
import { OFFLINE_TEXTS, useLastSynced, useOnlineStatus } from '@web/offline/use-offline';

/** Shown while there is no network: the screens show what the device last synced, and when. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  const at = useLastSynced();
  if (online) return null;
  return (
    <Alert severity="warning" role="status" data-testid="offline-banner" sx={{ mb: 2 }}>
      <strong>{OFFLINE_TEXTS.banner}</strong>
      {' · '}
      {at ? `${OFFLINE_TEXTS.lastSynced} ${formatRelative(new Date(at))} ago` : OFFLINE_TEXTS.neverSynced}
    </Alert>
  );
}
