import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ArticleIcon from '@mui/icons-material/Article';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import CodeIcon from '@mui/icons-material/Code';
import ExploreIcon from '@mui/icons-material/Explore';
import FolderIcon from '@mui/icons-material/Folder';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PersonIcon from '@mui/icons-material/Person';
import SearchIcon from '@mui/icons-material/Search';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { styled } from '@mui/material/styles';
import { Link as RouterLink, matchPath, useLocation, useNavigate } from 'react-router-dom';
import type { TCurrentUser } from '@shared/schemas/auth';
import { displayNameOf } from '@shared/format';
import { UserAvatar } from '@web/components/user-avatar';
import { lazyPart } from '@web/lib/after-first-paint';
import { SIGN_OUT_URL } from '@web/api/auth/auth-pages';

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

/**
 * The search box: a native input drawn as MUI's small outlined input with a start adornment (the same
 * look, without InputBase's multiline and form-control code, which the first paint would pay for).
 */
const SearchField = styled('label')(({ theme }) => {
  const vars = theme.vars ?? theme;
  const outline = theme.vars ? theme.alpha(theme.vars.palette.common.onBackground, 0.23) : 'rgba(0, 0, 0, 0.23)';
  return {
    ...theme.typography.body1,
    color: vars.palette.text.primary,
    lineHeight: '1.4375em',
    boxSizing: 'border-box',
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    paddingLeft: 14,
    cursor: 'text',
    borderRadius: vars.shape.borderRadius,
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 'inherit', border: `1px solid ${outline}`, pointerEvents: 'none' },
    '&:hover::after': { borderColor: vars.palette.text.primary },
    '@media (hover: none)': { '&:hover::after': { borderColor: outline } },
    '&:focus-within::after': { borderWidth: 2, borderColor: vars.palette.primary.main },
    '& .adornment': { display: 'flex', height: '0.01em', maxHeight: '2em', alignItems: 'center', whiteSpace: 'nowrap', color: vars.palette.action.active, marginRight: 8 },
    '& input': {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      padding: '8.5px 14px 8.5px 0',
      border: 0,
      boxSizing: 'content-box',
      background: 'none',
      height: '1.4375em',
      margin: 0,
      display: 'block',
      minWidth: 0,
      width: '100%',
      WebkitTapHighlightColor: 'transparent',
      '&:focus': { outline: 0 },
      '&::placeholder': { color: 'currentColor', opacity: theme.vars ? theme.vars.opacity.inputPlaceholder : 0.42 },
    },
  };
});

/** A non-blank query, trimmed and URL-encoded, or null to ignore the submit (a blank search finds nothing). */
function searchPath(raw: string): string | null {
  const q = raw.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}

// The theme choice is not needed for the first paint: it comes once the page is idle, in a space of its
// own height kept free meanwhile, so nothing moves.
/** The theme choice's height: a line of small toggle-button text (0.8125rem, line height 1.75), 7 px padding and a 1 px border above and below. */
const THEME_CHOICE_HEIGHT = 'calc(0.8125rem * 1.75 + 16px)';
const ThemeChoice = lazyPart(() => import('./theme-choice').then((m) => m.ThemeChoice));
const themeChoiceSpace = <Box sx={{ height: THEME_CHOICE_HEIGHT, flexShrink: 0 }} />;

/** `idle`: the page has shown its first screen and gone idle (the shell's useAfterFirstPaint). */
export function Sidebar({ user, badges = {}, idle, onNavigate }: { user: TCurrentUser; badges?: Record<string, ReactNode>; idle: boolean; onNavigate?: () => void }) {
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
      <Link component={RouterLink} to="/" underline="none" color="textPrimary" onClick={onNavigate} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CodeIcon color="primary" aria-hidden />
        <Typography variant="h6" component="span" sx={{ fontWeight: 800 }}>
          Buildboard
        </Typography>
      </Link>
      <Box component="form" role="search" onSubmit={submit}>
        <SearchField>
          <span className="adornment">
            <SearchIcon fontSize="small" aria-hidden />
          </span>
          <input type="text" placeholder="Search projects..." aria-label="Search projects" value={query} onChange={(e) => setQuery(e.target.value)} />
        </SearchField>
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
      {idle ? <Suspense fallback={themeChoiceSpace}><ThemeChoice /></Suspense> : themeChoiceSpace}
      {/* What MUI's Divider renders, without its code. */}
      <Box component="hr" sx={{ m: 0, flexShrink: 0, border: 0, borderBottom: 'thin solid', borderColor: 'divider' }} />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <UserAvatar user={user} sx={{ width: 36, height: 36 }} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography noWrap sx={{ fontWeight: 600 }} data-testid="sidebar-display-name">
            {displayNameOf(user)}
          </Typography>
          <Stack direction="row" spacing={1.5}>
            <Link component={RouterLink} to="/settings" variant="body2" onClick={onNavigate}>
              Settings
            </Link>
            <Link href={SIGN_OUT_URL} variant="body2">
              Sign Out
            </Link>
          </Stack>
        </Box>
      </Stack>
    </Stack>
  );
}
