import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { MAX_FILE_BYTES, MAX_PROJECT_FILES, NATIVE_FILE_EXTENSIONS } from '@shared/constants';
import type { TProjectFile } from '@shared/schemas/project';
import { DiskFileTools } from './disk-file-tools';
import type { FileUploads } from './use-file-uploads';
import type { PickedFile } from '@web/lib/native-file-form';

const ACCEPT = NATIVE_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A picked file's size, then while it uploads its own progress bar, and when it failed why, with Retry. */
function FileUploadLine({ path, size, upload, onRetry }: { path: string; size: number; upload?: FileUploads[string]; onRetry?: (path: string) => void }) {
  if (!upload) return <>{sizeLabel(size)}</>;
  const percent = Math.round(upload.fraction * 100);
  return (
    <Stack spacing={0.5}>
      <span>
        {sizeLabel(size)} · {upload.status === 'failed' ? 'Failed' : upload.status === 'done' ? 'Uploaded' : `${percent}%`}
      </span>
      {upload.status !== 'failed' && (
        <LinearProgress variant="determinate" value={percent} aria-label={`Upload progress of ${path}`} />
      )}
      {upload.status === 'failed' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="caption" color="error" role="alert">
            {upload.error}
          </Typography>
          {onRetry && (
            <Button size="small" onClick={() => onRetry(path)} aria-label={`Retry ${path}`}>
              Retry
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

type Props = {
  stored: readonly TProjectFile[];
  files: readonly PickedFile[];
  error?: string;
  disabled?: boolean;
  /** 0..1 while an upload runs, else null. */
  progress: number | null;
  onPick: (files: File[]) => void;
  onRemove: (path: string) => void;
  /** Each file's own upload progress, by path. */
  uploads?: FileUploads;
  /** Sends one failed file again. */
  onRetry?: (path: string) => void;
};

/** The files of a natively hosted project: pick files or a folder, see what is stored, watch the upload. */
export function NativeFilesField({ stored, files, error, disabled, progress, onPick, onRemove, uploads = {}, onRetry }: Props) {
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const pick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const list = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (list.length) onPick(list);
  };
  const newPaths = new Set(files.map((f) => f.path));

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend" required>
        Project files
      </FormLabel>
      <Typography variant="body2" color="textSecondary">
        HTML, CSS, JS, JSON, images and fonts; up to {MAX_PROJECT_FILES} files of {MAX_FILE_BYTES / (1024 * 1024)}MB each.
        An index.html opens the preview.
      </Typography>
      <input ref={filesInput} type="file" multiple hidden accept={ACCEPT} aria-label="Project files" onChange={pick} />
      <input
        ref={folderInput}
        type="file"
        multiple
        hidden
        aria-label="Project folder"
        onChange={pick}
        {...({ webkitdirectory: '', directory: '' } as Record<string, string>)}
      />
      <DiskFileTools
        disabled={disabled}
        onPick={onPick}
        fallback={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled} onClick={() => filesInput.current?.click()}>
              Choose files
            </Button>
            <Button variant="outlined" startIcon={<FolderOpenIcon />} disabled={disabled} onClick={() => folderInput.current?.click()}>
              Choose folder
            </Button>
          </Stack>
        }
      />
      {error && <FormHelperText error>{error}</FormHelperText>}
      {(stored.length > 0 || files.length > 0) && (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 220, overflow: 'auto' }}>
          <List dense aria-label="Project files list" disablePadding>
            {files.map((f) => (
              <ListItem
                key={`new-${f.path}`}
                secondaryAction={
                  <IconButton edge="end" aria-label={`Remove ${f.path}`} disabled={disabled} onClick={() => onRemove(f.path)}>
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={f.path}
                  secondary={<FileUploadLine path={f.path} size={f.file.size} upload={uploads[f.path]} onRetry={disabled ? undefined : onRetry} />}
                  slotProps={{ secondary: { component: 'div' } }}
                />
                <Chip size="small" color="primary" variant="outlined" label={stored.some((s) => s.path === f.path) ? 'Replaces' : 'New'} sx={{ mr: 1 }} />
              </ListItem>
            ))}
            {stored
              .filter((s) => !newPaths.has(s.path))
              .map((s) => (
                <ListItem key={`stored-${s.path}`}>
                  <ListItemText primary={s.path} secondary={sizeLabel(s.size)} />
                  <Chip size="small" variant="outlined" label="Uploaded" />
                </ListItem>
              ))}
          </List>
        </Box>
      )}
      {progress !== null && (
        <Box>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label="Upload progress" />
          <Typography variant="caption" color="textSecondary">
            Uploading files... {Math.round(progress * 100)}%
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
