import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { formatDate } from '@shared/format';
import type { TProject } from '@shared/schemas/project';
import type { TProjectVersion } from '@shared/schemas/project-version';
import { projectVersionsQueryKey, publishVersion, useProjectVersions } from '@web/api/projects/project-versions';
import { FolderLinkPanel } from '@web/components/folder-link-panel';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { useFolderLink } from '@web/offline/folder-links';
import { isQueued } from '@web/api/writes/send-write';

export const VERSION_TEXTS = {
  heading: 'Versions',
  publish: 'Publish new version',
  published: 'New version published',
  queued: 'Publishing when you are back online',
  current: 'current',
  open: 'Open',
  files: (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`,
  version: (v: TProjectVersion) => `Version ${v.number}`,
} as const;

/** A hosted project's versions, and for its author in the desktop app the folder it follows. */
export function ProjectVersions({ project, isAuthor }: { project: TProject; isAuthor: boolean }) {
  const native = project.hostingType === 'native';
  const versions = useProjectVersions(project.id, native);
  const link = useFolderLink(`project:${project.id}`);
  const { toast } = useToast();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!native) return null;

  const publish = async () => {
    setBusy(true);
    try {
      const answer = await publishVersion(project.id);
      if (isQueued(answer)) toast({ title: VERSION_TEXTS.queued });
      else toast({ title: VERSION_TEXTS.published, description: answer ? VERSION_TEXTS.version(answer.version) : undefined, variant: 'success' });
      await qc.invalidateQueries({ queryKey: projectVersionsQueryKey(project.id) });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to publish. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="versions-heading" sx={{ p: 2 }}>
      <Typography id="versions-heading" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {VERSION_TEXTS.heading}
      </Typography>
      {isAuthor && (
        <FolderLinkPanel target={`project:${project.id}`} label={project.title}>
          <Button size="small" variant="contained" disabled={busy || !link?.pending} onClick={() => void publish()}>
            {VERSION_TEXTS.publish}
          </Button>
        </FolderLinkPanel>
      )}
      <Stack component="ul" spacing={0.5} aria-label="Versions list" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {(versions.data?.versions ?? []).map((v) => (
          <Stack key={v.number} component="li" direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }} data-testid="project-version">
            <Typography sx={{ fontWeight: 600 }}>{VERSION_TEXTS.version(v)}</Typography>
            {v.current && <Typography variant="caption" sx={{ color: 'success.main' }}>{VERSION_TEXTS.current}</Typography>}
            <Typography variant="body2" color="textSecondary">
              {`${formatDate(v.createdAt)} · ${VERSION_TEXTS.files(v.fileCount)}`}
            </Typography>
            {v.url && (
              <Link href={v.url} target="_blank" rel="noopener noreferrer" variant="body2" aria-label={`${VERSION_TEXTS.open} ${VERSION_TEXTS.version(v)}`}>
                {VERSION_TEXTS.open}
              </Link>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
