// The desktop app's first-run screen: the bundled UI asks which Buildboard server to talk to (suggesting
// BUILDBOARD_URL or the build's default) before anything reaches /api. In a browser it renders the app.
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZHttpUrlSchema } from '@shared/desktop/desktop-api';
import { platform } from '@web/platform';

const SERVER_SETUP_TEXTS = {
  title: 'Connect to Buildboard',
  intro: 'Enter the address of the Buildboard server this app should use.',
  label: 'Server address',
  submit: 'Connect',
  pending: 'Connecting...',
  failed: 'The address could not be saved. Please try again.',
} as const;

export function ServerSetupScreen({ suggested }: { suggested: string }) {
  const [value, setValue] = useState(suggested);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = ZHttpUrlSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? SERVER_SETUP_TEXTS.failed);
      return;
    }
    setPending(true);
    try {
      await platform.serverSettings?.set(parsed.data); // the app reloads against the new server
    } catch {
      setError(SERVER_SETUP_TEXTS.failed);
      setPending(false);
    }
  }

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 480, width: '100%' }}>
        <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-labelledby="server-setup-title">
          <Typography id="server-setup-title" variant="h5" component="h1">
            {SERVER_SETUP_TEXTS.title}
          </Typography>
          <Typography color="textSecondary">{SERVER_SETUP_TEXTS.intro}</Typography>
          <TextField
            label={SERVER_SETUP_TEXTS.label}
            placeholder="https://buildboard.example"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            disabled={pending}
            autoFocus
            fullWidth
            required
          />
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? SERVER_SETUP_TEXTS.pending : SERVER_SETUP_TEXTS.submit}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

