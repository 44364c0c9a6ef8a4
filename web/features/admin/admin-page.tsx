import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { formatCount } from '@shared/format';
import { useAdminStats } from '@web/api/admin/admin-users';
import { useUser } from '@web/lib/use-user';
import { AdminGate } from './admin-gate';
import { BlogTab } from './blog-tab';
import { ReportsTab } from './reports-tab';
import { UsersTab } from './users-tab';

type TabName = 'users' | 'reports' | 'blog';

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`admin-counter-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="admin-counter-value">
        {value === undefined ? '–' : formatCount(value)}
      </Typography>
    </Paper>
  );
}

function TabPanel({ name, current, children }: { name: TabName; current: TabName; children: ReactNode }) {
  if (name !== current) return null;
  return (
    <Box role="tabpanel" id={`admin-tabpanel-${name}`} aria-labelledby={`admin-tab-${name}`} sx={{ pt: 3 }}>
      {children}
    </Box>
  );
}

function AdminPortal() {
  const { user } = useUser();
  const stats = useAdminStats().data;
  const [tab, setTab] = useState<TabName>('users');
  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        Admin Portal
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Manage users, moderate content, and review reports
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
        <Counter label="Total Users" value={stats?.totalUsers} />
        <Counter label="Active Users" value={stats?.activeUsers} />
        <Counter label="Suspended" value={stats?.suspendedUsers} />
        <Counter label="Pending Reports" value={stats?.pendingReports} />
      </Box>
      <Tabs value={tab} onChange={(_e, v: TabName) => setTab(v)} aria-label="Admin sections" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="users" id="admin-tab-users" aria-controls="admin-tabpanel-users" label={`Users${count(stats?.totalUsers)}`} />
        <Tab value="reports" id="admin-tab-reports" aria-controls="admin-tabpanel-reports" label={`Reports${count(stats?.totalReports)}`} />
        <Tab value="blog" id="admin-tab-blog" aria-controls="admin-tabpanel-blog" label={`Blog${count(stats?.blogPosts)}`} />
      </Tabs>
      <TabPanel name="users" current={tab}>
        <UsersTab selfId={user?.id ?? ''} />
      </TabPanel>
      <TabPanel name="reports" current={tab}>
        <ReportsTab />
      </TabPanel>
      <TabPanel name="blog" current={tab}>
        <BlogTab />
      </TabPanel>
    </Box>
  );
}

export function AdminPage() {
  return (
    <AdminGate>
      <AdminPortal />
    </AdminGate>
  );
}
