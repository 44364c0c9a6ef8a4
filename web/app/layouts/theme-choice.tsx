// The sidebar's theme choice (loaded after the first paint: see sidebar.tsx).
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useColorScheme } from '@mui/material/styles';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';

const MODES = [
  { mode: 'system', label: 'System', icon: <BrightnessAutoIcon fontSize="small" /> },
  { mode: 'light', label: 'Light', icon: <LightModeIcon fontSize="small" /> },
  { mode: 'dark', label: 'Dark', icon: <DarkModeIcon fontSize="small" /> },
] as const;

/** System, light or dark; MUI remembers the choice in localStorage (THEME_MODE_STORAGE_KEY). */
export function ThemeChoice() {
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
