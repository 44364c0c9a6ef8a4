import Chip from '@mui/material/Chip';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';

const AMBER = { bg: '#fff4e5', text: '#663c00', icon: '#b26a00' } as const;

/**
 * The premium badge: a labelled chip, or with `compact` just the icon (cards,
 * comments). Both carry data-testid="premium-badge" and the accessible name 'Premium member'.
 */
export function PremiumBadge({ compact = false }: { compact?: boolean }) {
  if (compact) {
    // The SVG's own <title> names it and shows on hover: no tooltip component (and its popper) on every
    // card of the first page.
    return (
      <WorkspacePremiumIcon
        titleAccess="Premium member"
        aria-label="Premium member"
        data-testid="premium-badge"
        sx={{ fontSize: 18, color: AMBER.icon, flexShrink: 0 }}
      />
    );
  }
  return (
    <Chip
      icon={<WorkspacePremiumIcon />}
      label="Premium"
      size="small"
      data-testid="premium-badge"
      aria-label="Premium member"
      sx={{ bgcolor: AMBER.bg, color: AMBER.text, fontWeight: 700, '& .MuiChip-icon': { color: AMBER.icon } }}
    />
  );
}
