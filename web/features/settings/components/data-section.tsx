import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, type TAccountExport } from '@shared/schemas/account';
import { DATA_EXPORT_KEEP_DAYS } from '@shared/constants';
import { dataExportDownloadUrl, useDataExports, useRequestDataExport } from '@web/api/account/account-settings';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { SettingsSection } from './settings-section';

const sizeOf = (bytes: number | null) => (bytes === null ? '' : bytes < 1024 * 1024 ? ` (${Math.max(1, Math.round(bytes / 1024))} KB)` : ` (${(bytes / 1024 / 1024).toFixed(1)} MB)`);

function ExportLine({ e }: { e: TAccountExport }) {
  const date = new Date(e.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
  if (e.status === 'pending') return <Alert severity="info">{ACCOUNT_MESSAGES.exportPending}</Alert>;
  if (e.status === 'failed') return <Alert severity="error">The archive of {date} could not be built. Please ask again.</Alert>;
  return (
    <Typography>
      <Link href={dataExportDownloadUrl(e.id)} download>
        Download the archive of {date}
      </Link>
      {sizeOf(e.sizeBytes)}, until {new Date(e.expiresAt!).toLocaleDateString(undefined, { dateStyle: 'medium' })}
    </Typography>
  );
}

/** "Download my data": a ZIP of everything the member put here, built in the background and mailed. */
export function DataSection() {
  const exports = useDataExports();
  const request = useRequestDataExport();
  const { toast } = useToast();
  const list = exports.data ?? [];
  const pending = list.some((e) => e.status === 'pending');
  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description={`A ZIP of your profile, projects with their files, comments, ratings, likes, saves, follows and notifications. We email you when it is ready; it stays here ${DATA_EXPORT_KEEP_DAYS} days.`}
    >
      <Stack spacing={1.5}>
        {list.map((e) => (
          <ExportLine key={e.id} e={e} />
        ))}
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          disabled={pending || request.isPending}
          onClick={() => request.mutate(undefined, { onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to start the download. Please try again.'), variant: 'destructive' }) })}
        >
          Download my data
        </Button>
      </Stack>
    </SettingsSection>
  );
}
