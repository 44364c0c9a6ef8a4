import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BIO_MAX, DISPLAY_NAME_MAX, HANDLE_MAX, LOCATION_MAX, SOCIAL_PLATFORMS } from '@shared/constants';
import { MESSAGES } from '@shared/errors';
import {
  SOCIAL_LINK_SLOTS,
  SOCIAL_PLATFORM_LABELS,
  socialPlatformKey,
  socialUrlKey,
  ZProfileUpdateSchema,
  type TProfileForm,
  type TProfileUpdate,
  type TUserProfile,
} from '@shared/schemas/user';
import { useToast } from '@web/components/toaster';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { useAuthRedirect } from '@web/components/use-auth-redirect';
import { useUpdateProfile } from '@web/api/users/update-profile';
import { ImageField } from './image-field';

/** The form filled from the profile. */
function formFromProfile(p: TUserProfile): TProfileForm {
  return {
    displayName: p.displayName ?? '',
    handle: p.handle,
    bio: p.bio ?? '',
    location: p.location ?? '',
    bannerImageUrl: p.bannerImageUrl ?? '',
    profileImageUrl: p.profileImageUrl ?? '',
    socialMedia1Platform: p.socialMedia1Platform ?? '',
    socialMedia1Url: p.socialMedia1Url ?? '',
    socialMedia2Platform: p.socialMedia2Platform ?? '',
    socialMedia2Url: p.socialMedia2Url ?? '',
    socialMedia3Platform: p.socialMedia3Platform ?? '',
    socialMedia3Url: p.socialMedia3Url ?? '',
  };
}

type Props = { profile: TUserProfile; open: boolean; onClose: () => void; onSaved: (profile: TUserProfile) => void };

/** The owner's Edit Profile dialog: validated with the same schema as the server, inline errors. */
export function EditProfileDialog({ profile, open, onClose, onSaved }: Props) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-profile-title">
      {/* Mounted only while open, so the form starts from the latest profile every time. */}
      {open && <EditProfileForm profile={profile} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditProfileForm({ profile, onClose, onSaved }: Omit<Props, 'open'>) {
  // The shared schema checks the form (zodResolver): the browser shows the server's messages. An error
  // stays until its field is edited or the form is submitted again.
  const form = useForm<TProfileForm, unknown, TProfileUpdate>({
    defaultValues: formFromProfile(profile),
    // Every field of the form is a string, a narrower shape than the schema's input.
    resolver: zodResolver(ZProfileUpdateSchema) as Resolver<TProfileForm, unknown, TProfileUpdate>,
    reValidateMode: 'onSubmit',
  });
  const fields = form.watch();
  const errors = Object.fromEntries(
    Object.entries(form.formState.errors).map(([key, error]) => [key, error?.message]),
  ) as Partial<Record<keyof TProfileForm, string>>;
  const { toast } = useToast();
  const handleAuthError = useAuthRedirect();
  const save = useUpdateProfile({
    onSuccess: (saved, input) => {
      toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.', variant: 'success' });
      onSaved(saved ?? { ...profile, ...input });
    },
    onError: (error) => {
      if (handleAuthError(error)) return;
      const message = errorMessage(error, 'Failed to update profile');
      if (error instanceof ApiError && error.status === 409 && message === MESSAGES.handleTaken) form.setError('handle', { message });
      toast({ title: 'Error', description: message, variant: 'destructive' });
    },
  });

  const set = (key: keyof TProfileForm) => (value: string) => {
    form.setValue(key, value);
    form.clearErrors(key);
  };
  const text = (key: keyof TProfileForm) => ({
    value: fields[key],
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
    error: !!errors[key],
    helperText: errors[key],
  });

  const submit = form.handleSubmit((input) => save.mutate(input));

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="edit-profile-title">Edit Profile</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField label="Display Name" required autoFocus slotProps={{ htmlInput: { maxLength: DISPLAY_NAME_MAX + 10 } }} {...text('displayName')} />
          <TextField
            label="Handle"
            required
            {...text('handle')}
            helperText={errors.handle ?? 'Letters, numbers and underscores, 3 to 20 characters'}
            slotProps={{
              htmlInput: { maxLength: HANDLE_MAX + 10, autoCapitalize: 'none', spellCheck: false },
              input: { startAdornment: <InputAdornment position="start">@</InputAdornment> },
            }}
          />
          <TextField
            label="Bio"
            multiline
            minRows={3}
            {...text('bio')}
            helperText={errors.bio ?? `${fields.bio.length}/${BIO_MAX}`}
          />
          <TextField label="Location" {...text('location')} helperText={errors.location ?? `${fields.location.length}/${LOCATION_MAX}`} />
          <ImageField label="Profile Image URL" uploadLabel="Upload profile image" value={fields.profileImageUrl} error={errors.profileImageUrl} onChange={set('profileImageUrl')} />
          <ImageField label="Banner Image URL" uploadLabel="Upload banner image" variant="banner" value={fields.bannerImageUrl} error={errors.bannerImageUrl} onChange={set('bannerImageUrl')} />
          <Divider />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Social Links
          </Typography>
          {SOCIAL_LINK_SLOTS.map((slot) => {
            const pk = socialPlatformKey(slot);
            const uk = socialUrlKey(slot);
            return (
              <Stack key={slot} direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <TextField select label={`Platform ${slot}`} sx={{ minWidth: 170 }} {...text(pk)}>
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {SOCIAL_PLATFORMS.map((p) => (
                    <MenuItem key={p} value={p}>
                      {SOCIAL_PLATFORM_LABELS[p]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField label={`Profile URL ${slot}`} placeholder="https://" fullWidth {...text(uk)} />
              </Stack>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </form>
  );
}
