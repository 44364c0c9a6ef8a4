// The reasons' popover, loaded when a member first asks: most never open it, so Explore's first
// screen does not carry its code.
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { RANKING_REASON_LABELS, WHY_SEEING_THIS, type TRankingReason } from '@shared/ranking-reasons';

export default function RankingReasonsPopover(props: { id: string; anchor: HTMLElement; onClose: () => void; reasons: readonly TRankingReason[] }) {
  return (
    <Popover
      id={props.id}
      open
      anchorEl={props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': WHY_SEEING_THIS, sx: { p: 1.5, maxWidth: 280 } } }}
    >
      <Typography variant="subtitle2">{WHY_SEEING_THIS}</Typography>
      <List dense disablePadding data-testid="ranking-reasons">
        {props.reasons.map((r) => (
          <ListItem key={r} disableGutters>
            <Typography variant="body2">{RANKING_REASON_LABELS[r]}</Typography>
          </ListItem>
        ))}
      </List>
    </Popover>
  );
}
