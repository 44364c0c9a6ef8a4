import Alert from '@mui/material/Alert';
import { formatRelative } from '@shared/format';
import { OFFLINE_TEXTS, useLastSynced } from '@web/offline/online-status';

/** The offline banner's text: when the device last synced (components/offline-banner.tsx shows it offline). */
export function OfflineAlert() {
  const at = useLastSynced();
  return (
    <Alert severity="warning" role="status" data-testid="offline-banner" sx={{ mb: 2 }}>
      <strong>{OFFLINE_TEXTS.banner}</strong>
      {' · '}
      {at ? `${OFFLINE_TEXTS.lastSynced} ${formatRelative(new Date(at))} ago` : OFFLINE_TEXTS.neverSynced}
    </Alert>
  );
}
