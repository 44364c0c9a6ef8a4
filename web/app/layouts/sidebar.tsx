import { useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import OutlinedInput from '@mui/material/OutlinedInput';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import CodeIcon from '@mui/icons-material/Code';
import ExploreIcon from '@mui/icons-material/Explore';
import FolderIcon from '@mui/icons-material/Folder';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useColorScheme } from '@mui/material/styles';
import { Link as RouterLink, matchPath, useLocation, useNavigate } from 'react-router-dom';
import type { TCurrentUser } from '@shared/schemas/auth';
import { displayNameOf } from '@shared/format';
import { UserAvatar } from '@web/components/user-avatar';

type NavItem = { label: string; to: string; icon: ReactNode; match: string[] };

const NAV: NavItem[] = [
  { label: 'Explore', to: '/', icon: <ExploreIcon />, match: ['/'] },
  { label: 'Blog', to: '/blog', icon: <ArticleIcon />, match: ['/blog', '/blog/*'] },
  { label: 'My Profile', to: '/profile', icon: <PersonIcon />, match: ['/profile'] },
  { label: 'My Projects', to: '/my-projects', icon: <FolderIcon />, match: ['/my-projects', '/projects'] },
  { label: 'Saved', to: '/saved', icon: <BookmarkIcon />, match: ['/saved'] },
  { label: 'Notifications', to: '/notifications', icon: <NotificationsIcon />, match: ['/notifications'] },
  { label: 'Premium', to: '/subscribe', icon: <WorkspacePremiumIcon />, match: ['/subscribe', '/subscribe/*'] },
];
/** Only admins see the Admin item. */
const ADMIN_ITEM: NavItem = { label: 'Admin', to: '/admin', icon: <AdminPanelSettingsIcon />, match: ['/admin', '/profile/admin-view/*'] };

/** A non-blank query, trimmed and URL-encoded, or null to ignore the submit (spec section 5). */
export function searchPath(raw: string): string | null {
  const q = raw.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}

const MODES = [
  { mode: 'system', label: 'System', icon: <BrightnessAutoIcon fontSize="small" /> },
  { mode: 'light', label: 'Light', icon: <LightModeIcon fontSize="small" /> },
  { mode: 'dark', label: 'Dark', icon: <DarkModeIcon fontSize="small" /> },
] as const;

/** System, light or dark; MUI remembers the choice in localStorage (THEME_MODE_STORAGE_KEY). */
function ThemeChoice() {
  const { mode, setMode } = useColorScheme();
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      aria-label="Theme"
      value={mode ?? 'system'}
      onChange={(_e, next: (typeof MODES)[number]['mode'] | null) => {
        if (next) setMode(next);
      }}
    >
      {MODES.map((m) => (
        <ToggleButton key={m.mode} value={m.mode} sx={{ gap: 0.5 }}>
          {m.icon}
          {m.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

export function Sidebar({ user, badges = {}, onNavigate }: { user: TCurrentUser; badges?: Record<string, ReactNode>; onNavigate?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const path = searchPath(query);
    if (!path) return;
    navigate(path);
    onNavigate?.();
  };

  const isActive = (item: NavItem) => item.match.some((p) => matchPath({ path: p, end: true }, location.pathname));

  return (
    <Stack component="nav" aria-label="Main" sx={{ height: '100%', p: 2, gap: 2 }}>
      <Link component={RouterLink} to="/" underline="none" color="text.primary" onClick={onNavigate} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CodeIcon color="primary" aria-hidden />
        <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
          Buildboard
        </Typography>
      </Link>
      <Box component="form" role="search" onSubmit={submit}>
        {/* OutlinedInput rather than TextField: the same look without the select and label machinery (bundle budget). */}
        <OutlinedInput
          size="small"
          fullWidth
          placeholder="Search projects..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          inputProps={{ 'aria-label': 'Search projects' }}
          startAdornment={<InputAdornment position="start"><SearchIcon fontSize="small" aria-hidden /></InputAdornment>}
        />
      </Box>
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/my-projects?create=1" onClick={onNavigate}>
        Create Project
      </Button>
      <List dense sx={{ flex: 1 }}>
        {(user.isAdmin ? [...NAV, ADMIN_ITEM] : NAV).map((item) => {
          const active = isActive(item);
          return (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={item.to}
                selected={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                sx={{ borderRadius: 2, mb: 0.5 }}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
                {badges[item.label]}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <ThemeChoice />
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <UserAvatar user={user} sx={{ width: 36, height: 36 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography noWrap sx={{ fontWeight: 600 }} data-testid="sidebar-display-name">
            {displayNameOf(user)}
          </Typography>
          <Link href="/api/logout" variant="body2">
            Sign Out
          </Link>
        </Box>
      </Stack>
    </Stack>
  );
}
