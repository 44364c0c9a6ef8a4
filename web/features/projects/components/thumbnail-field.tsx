import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/Image';
import { MAX_IMAGE_BYTES } from '@shared/constants';
import { fileProblems, type FileProblem } from '@shared/schemas/project';
import type { ThumbnailMode } from './project-form';

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

type Props = {
  mode: ThumbnailMode;
  url: string;
  file: File | null;
  uploaded: string;
  error?: string;
  disabled?: boolean;
  onModeChange: (mode: ThumbnailMode) => void;
  onUrlChange: (url: string) => void;
  onFileChange: (file: File) => void;
  onProblem: (problem: FileProblem) => void;
};

/** The thumbnail as an image address or an uploaded image; picking a source clears the other. */
export function ThumbnailField(props: Props) {
  const { mode, url, file, uploaded, error, disabled } = props;
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = mode === 'url' ? (/^https?:\/\//i.test(url) ? url : null) : (preview ?? (uploaded || null));

  return (
    <Stack spacing={1}>
      <FormLabel id="thumbnail-source-label" required>
        Thumbnail
      </FormLabel>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        disabled={disabled}
        aria-labelledby="thumbnail-source-label"
        onChange={(_e, v: ThumbnailMode | null) => v && props.onModeChange(v)}
      >
        <ToggleButton value="url">Image URL</ToggleButton>
        <ToggleButton value="upload">Upload image</ToggleButton>
      </ToggleButtonGroup>
      {mode === 'url' ? (
        <TextField
          label="Thumbnail URL"
          placeholder="https://..."
          value={url}
          disabled={disabled}
          onChange={(e) => props.onUrlChange(e.target.value)}
          error={!!error}
          helperText={error}
          fullWidth
        />
      ) : (
        <Box>
          <input
            ref={input}
            type="file"
            hidden
            accept={IMAGE_ACCEPT}
            aria-label="Thumbnail image file"
            onChange={(e) => {
              const picked = e.target.files?.[0];
              e.target.value = '';
              if (!picked) return;
              if (picked.size > MAX_IMAGE_BYTES) props.onProblem(fileProblems.tooLarge(picked.name));
              else props.onFileChange(picked);
            }}
          />
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Button variant="outlined" startIcon={<ImageIcon />} disabled={disabled} onClick={() => input.current?.click()}>
              Choose image
            </Button>
            <Typography variant="body2" color="textSecondary" noWrap data-testid="thumbnail-file-name">
              {file ? file.name : uploaded ? 'Current uploaded image' : 'No image chosen'}
            </Typography>
          </Stack>
          {error && <FormHelperText error>{error}</FormHelperText>}
        </Box>
      )}
      {shown && (
        <Box
          component="img"
          src={shown}
          alt="Thumbnail preview"
          sx={{ width: 160, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      )}
    </Stack>
  );
}
