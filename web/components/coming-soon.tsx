import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A screen of the spec that a later release fills in. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This part of Buildboard is on its way.</Typography>
    </Paper>
  );
}
