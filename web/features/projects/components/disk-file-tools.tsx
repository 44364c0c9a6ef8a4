import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import type { FileProblem } from '@shared/schemas/project';
import { useToast } from '@web/components/toaster';
import { platform, type ProjectDiskFile } from '@web/platform';
import { acceptDiskFiles, filesOfDrop } from './disk-files';

const DISK_FILE_TEXTS = {
  openFolder: 'Open folder...',
  addFiles: 'Add files...',
  drop: 'Drop files or a folder here',
  readFailed: 'Could not read the files',
} as const;

type Props = {
  disabled?: boolean;
  /** Files that passed the spec's rules, with their relative paths kept. */
  onPick: (files: File[]) => void;
  /** The browser's own pickers, shown when the desktop's native dialogs are not available. */
  fallback: ReactNode;
};

/**
 * The pickers of the native hosting part of the project dialog: in the desktop app 'Open folder...'
 * and 'Add files...' (native dialogs through the bridge), in a browser its file inputs; everywhere a
 * drop zone for files and folders. Every pick is checked with the spec's rules before it joins the form.
 */
export function DiskFileTools({ disabled, onPick, fallback }: Props) {
  const { toast } = useToast();
  const [over, setOver] = useState(false);
  const showProblem = (p: FileProblem) => toast({ title: p.title, description: p.description, variant: 'destructive' });

  const take = (files: readonly ProjectDiskFile[]) => {
    if (files.length === 0) return;
    const accepted = acceptDiskFiles(files);
    if (accepted.problem) showProblem(accepted.problem);
    else onPick(accepted.files);
  };
  const fail = (err: unknown) =>
    toast({ title: DISK_FILE_TEXTS.readFailed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });

  const pick = (kind: 'files' | 'folder') => {
    platform.pickProjectFiles?.(kind).then(take, fail);
  };

  return (
    <Stack spacing={1}>
      {platform.pickProjectFiles ? (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<CreateNewFolderIcon />} disabled={disabled} onClick={() => pick('folder')}>
            {DISK_FILE_TEXTS.openFolder}
          </Button>
          <Button variant="outlined" startIcon={<NoteAddIcon />} disabled={disabled} onClick={() => pick('files')}>
            {DISK_FILE_TEXTS.addFiles}
          </Button>
        </Stack>
      ) : (
        fallback
      )}
      <Box
        data-testid="project-files-drop-zone"
        aria-disabled={disabled}
        onDragOver={(e) => {
          if (disabled) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (disabled) return;
          filesOfDrop(e.dataTransfer).then(take, fail);
        }}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
          bgcolor: over ? 'action.hover' : undefined,
        }}
      >
        <Typography variant="body2" color="textSecondary">
          {DISK_FILE_TEXTS.drop}
        </Typography>
      </Box>
    </Stack>
  );
}
