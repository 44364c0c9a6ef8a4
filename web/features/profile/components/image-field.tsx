import { useId, useRef, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ImageIcon from '@mui/icons-material/Image';
import { MAX_IMAGE_BYTES } from '@shared/constants';
import { useToast } from '@web/components/toaster';
import { errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useUploadImage } from '@web/api/uploads/upload-image';
import { usableImageUrl } from '../profile-display';

type Props = {
  label: string;
  /** The upload button's accessible name, e.g. 'Upload profile image'. */
  uploadLabel: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  variant?: 'avatar' | 'banner';
};

/** An image given as a URL or uploaded (image files only, at most 5 MB; the server checks the bytes). */
export function ImageField({ label, uploadLabel, value, error, onChange, variant = 'avatar' }: Props) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const { toast } = useToast();
  const handleAuthError = useAuthRedirect();
  const preview = usableImageUrl(value.trim());

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Error', description: 'Please choose an image file', variant: 'destructive' });
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast({ title: 'Error', description: 'Image is larger than 5MB', variant: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => onChange(url),
      onError: (err) => {
        if (handleAuthError(err)) return;
        toast({ title: 'Error', description: errorMessage(err, 'Failed to upload image'), variant: 'destructive' });
      },
    });
  };

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Avatar
        variant={variant === 'banner' ? 'rounded' : 'circular'}
        src={preview ?? undefined}
        alt=""
        sx={{ width: variant === 'banner' ? 96 : 56, height: 56, mt: 0.5, bgcolor: 'action.selected', color: 'text.secondary' }}
      >
        <ImageIcon aria-hidden />
      </Avatar>
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error ?? 'An http(s) address, or upload an image (at most 5MB)'}
        fullWidth
        size="small"
        placeholder="https://"
      />
      <input ref={fileRef} id={inputId} type="file" accept="image/*" hidden onChange={pick} data-testid={`${variant}-file-input`} />
      <Button
        variant="outlined"
        aria-label={uploadLabel}
        aria-controls={inputId}
        onClick={() => fileRef.current?.click()}
        disabled={upload.isPending}
        startIcon={upload.isPending ? <CircularProgress size={16} aria-hidden /> : <CloudUploadIcon />}
        sx={{ flexShrink: 0, mt: 0.25 }}
      >
        {upload.isPending ? 'Uploading...' : 'Upload'}
      </Button>
    </Stack>
  );
}
