import { getContrastRatio, type Palette } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@shared/constants';
import { categoryColour } from '@web/components/image-fallback';
import { createAppTheme } from './theme';

// Text colours of the theme meet WCAG AA (4.5:1) in both schemes, so every text stays readable.
const AA = 4.5;

describe('theme contrast', () => {
  const { light, dark } = (createAppTheme() as unknown as { colorSchemes: Record<'light' | 'dark', { palette: Palette }> }).colorSchemes;

  it('the Share button text (secondary on the page) passes in light and dark', () => {
    expect(getContrastRatio(light.palette.secondary.main, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(light.palette.secondary.main, light.palette.background.default)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(dark.palette.secondary.main, dark.palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });

  it('the Premium chip (warning with its contrast text) passes in light and dark', () => {
    expect(getContrastRatio(light.palette.warning.main, light.palette.warning.contrastText)).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(dark.palette.warning.main, dark.palette.warning.contrastText)).toBeGreaterThanOrEqual(AA);
  });

  it('the primary colour passes as text and behind white (contained buttons) in light, as text in dark', () => {
    expect(getContrastRatio(light.palette.primary.main, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(getContrastRatio(dark.palette.primary.main, dark.palette.background.paper)).toBeGreaterThanOrEqual(AA);
  });
});

describe('thumbnail fallback colours', () => {
  it('every category (and an unknown one) has a tile colour that white initials read on', () => {
    for (const c of [...CATEGORIES, 'Something else', null]) {
      expect(getContrastRatio(categoryColour(c), '#ffffff'), String(c)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('each category keeps its own colour', () => {
    expect(new Set(CATEGORIES.map(categoryColour)).size).toBe(CATEGORIES.length);
  });
});

describe('reduced motion', () => {
  it('turns MUI transitions off', () => {
    const t = createAppTheme({ reducedMotion: true });
    expect(t.transitions.create('opacity')).toBe('none');
    expect(t.transitions.duration.enteringScreen).toBe(0);
    expect(createAppTheme().transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});
