import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { changeCount, describeChanges, diffFolder, skippedMessage, type FolderScan } from '@shared/desktop/folder-link';
import { useToast } from '@web/components/toaster';
import { folderLinkOf, forgetFolderLink, saveFolderLink, takeFolderFiles, useFolderLink, type LinkTarget } from '@web/offline/folder-links';
import { platform } from '@web/platform';

export const FOLDER_LINK_TEXTS = {
  link: 'Link folder',
  linked: (name: string) => `Follows the folder ${name}`,
  take: 'Take changes',
  auto: 'Take changes automatically',
  unlink: 'Unlink folder',
  upToDate: 'Up to date with the folder',
  taken: 'Changes taken from disk',
  scanFailed: 'Could not read the linked folder',
} as const;

type Props = {
  target: LinkTarget;
  /** What the buttons act on, for their accessible names ("Link folder to My Site"). */
  label: string;
  /** More actions once linked (a project's "Publish new version"). */
  children?: ReactNode;
};

/**
 * A draft's or hosted project's linked folder (desktop only): what changed on disk since the files were
 * last taken, what the upload rules skip and why, and taking the changes, by a click or automatically.
 */
export function FolderLinkPanel({ target, label, children }: Props) {
  const links = platform.folderLinks;
  const link = useFolderLink(target);
  const { toast } = useToast();
  const [scan, setScan] = useState<FolderScan | null>(null);
  const linkId = link?.linkId;

  const fail = useCallback(
    (err: unknown) => toast({ title: FOLDER_LINK_TEXTS.scanFailed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' }),
    [toast],
  );

  const refresh = useCallback(async () => {
    if (!links || !linkId) return;
    try {
      const now = await links.scan(linkId);
      setScan(now);
      const current = folderLinkOf(target);
      if (current?.auto && changeCount(diffFolder(current.taken, now.files)) > 0) await takeFolderFiles(target, now);
    } catch (err) {
      fail(err);
    }
  }, [links, linkId, target, fail]);

  useEffect(() => {
    if (!links || !linkId) return;
    const stop = links.onChanged((changed) => changed === linkId && void refresh());
    void links.watch(linkId).catch(fail);
    void refresh();
    return stop;
  }, [links, linkId, refresh, fail]);

  if (!links) return null;
  if (!link) {
    const linkFolder = async () => {
      try {
        const chosen = await links.link();
        if (chosen) saveFolderLink(target, { ...chosen, auto: false, taken: [], pending: false });
      } catch (err) {
        fail(err);
      }
    };
    return (
      <Button size="small" startIcon={<FolderOpenIcon />} onClick={() => void linkFolder()} aria-label={`${FOLDER_LINK_TEXTS.link} to ${label}`}>
        {FOLDER_LINK_TEXTS.link}
      </Button>
    );
  }

  const diff = scan ? diffFolder(link.taken, scan.files) : null;
  const take = async () => {
    if (!scan) return;
    try {
      await takeFolderFiles(target, scan);
      toast({ title: FOLDER_LINK_TEXTS.taken, variant: 'success' });
    } catch (err) {
      fail(err);
    }
  };

  return (
    <Stack spacing={0.5} data-testid="folder-link" sx={{ width: '100%' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {FOLDER_LINK_TEXTS.linked(link.name)}
      </Typography>
      <Typography variant="body2" role="status" data-testid="folder-changes">
        {diff ? (describeChanges(diff) ?? FOLDER_LINK_TEXTS.upToDate) : ''}
      </Typography>
      {scan && scan.skipped.length > 0 && (
        <Typography component="ul" variant="caption" data-testid="folder-skipped" sx={{ m: 0, pl: 2, color: 'warning.main' }}>
          {scan.skipped.map((s) => (
            <li key={s.path}>{skippedMessage(s)}</li>
          ))}
        </Typography>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" disabled={!diff || changeCount(diff) === 0} onClick={() => void take()} aria-label={`${FOLDER_LINK_TEXTS.take} for ${label}`}>
          {FOLDER_LINK_TEXTS.take}
        </Button>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={link.auto}
              onChange={(e) => {
                saveFolderLink(target, { ...link, auto: e.target.checked });
                if (e.target.checked && diff && changeCount(diff) > 0) void take();
              }}
            />
          }
          label={FOLDER_LINK_TEXTS.auto}
        />
        {children}
        <Button size="small" color="inherit" onClick={() => void forgetFolderLink(target)} aria-label={`${FOLDER_LINK_TEXTS.unlink} from ${label}`}>
          {FOLDER_LINK_TEXTS.unlink}
        </Button>
      </Stack>
    </Stack>
  );
}
