import Typography from '@mui/material/Typography';
import { ComingSoon } from '@web/components/coming-soon';
import { AdminGate } from './admin-gate';

export function AdminPage() {
  return (
    <AdminGate>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Manage users, moderate content, and review reports
      </Typography>
      <ComingSoon title="Admin Portal" />
    </AdminGate>
  );
}
