import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Shown while the sign-in state loads, so neither the landing page nor the app flashes first. */
export function LoadingScreen() {
  return (
    <Box role="status" aria-live="polite" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography sx={{ mt: 2 }}>Loading...</Typography>
      </Box>
    </Box>
  );
}
