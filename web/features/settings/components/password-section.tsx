import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { PASSWORD_MIN } from '@shared/constants';
import { ZChangePasswordRequestSchema } from '@shared/schemas/account';
import { changePassword } from '@web/api/account/account-settings';
import { errorMessage } from '@web/lib/api-client';
import { useToast } from '@web/components/toaster';
import { SettingsSection } from './settings-section';

/** Change the password: the current one confirms it; the server signs every other device out. */
export function PasswordSection({ onChanged }: { onChanged: () => void }) {
  const { toast } = useToast();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZChangePasswordRequestSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    setPending(true);
    try {
      const { message } = await changePassword(parsed.data);
      setCurrent('');
      setNext('');
      toast({ title: 'Password changed', description: message });
      onChanged();
    } catch (err) {
      setError(errorMessage(err, 'Failed to change the password. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <SettingsSection id="password" title="Password" description="Changing it signs you out on every other device.">
      <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ maxWidth: 420 }} aria-label="Change password">
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} required />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNext(e.target.value)}
          helperText={`At least ${PASSWORD_MIN} characters, not one of the most common`}
          required
        />
        <Button type="submit" variant="contained" disabled={pending} sx={{ alignSelf: 'flex-start' }}>
          {pending ? 'Saving...' : 'Change password'}
        </Button>
      </Stack>
    </SettingsSection>
  );
}
